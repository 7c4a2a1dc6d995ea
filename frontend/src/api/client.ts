import { MSG } from '@gotnext/shared';
import { API_BASE, browserTimeZone } from './config';
import { clearSession, readToken } from '../stores/persistedSession';

/** A failed call. `message` is what the user should read: the server's text or the caller's fallback. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The server's `message` field, when it sent one. */
    readonly serverMessage?: string,
    /** The raw response body, for the few calls whose errors may come as plain text. */
    readonly bodyText?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Adds `?timezone=<browser zone>` for the calls whose spec line carries it. */
  timezone?: boolean;
  /** Send the bearer token if there is one (default true). Login and signup turn it off. */
  auth?: boolean;
  /** The core §8 message shown when the server gives none. */
  fallback: string;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined, timezone: boolean): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  if (timezone) params.set('timezone', browserTimeZone());
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

/** Parses a body that is usually JSON but may be plain text or empty. */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageField(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as { message: unknown }).message;
    if (typeof m === 'string' && m.trim() !== '') return m;
    // Validation pipes sometimes send a list; show the first entry.
    if (Array.isArray(m) && typeof m[0] === 'string') return m[0];
  }
  return undefined;
}

/** The one way the app talks HTTP: bearer token, time zone, JSON or multipart, errors as messages. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions): Promise<T> {
  const { method = 'GET', body, query, timezone = false, auth = true, fallback, signal } = options;
  const token = auth ? readToken() : null;

  const headers: Record<string, string> = { Accept: 'application/json', 'X-Timezone': browserTimeZone() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query, timezone), { method, headers, body: payload, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(MSG.connectFailed, 0);
  }

  let text = '';
  try {
    text = await response.text();
  } catch {
    // a body cut off mid-way still leaves us the status
  }
  const parsed = parseBody(text);

  if (!response.ok) {
    // A token the server no longer accepts (expired, revoked, account deleted) is useless; drop it
    // so the header and the socket fall back to the logged-out state at once.
    if (response.status === 401 && token) clearSession();
    const serverMessage = messageField(parsed);
    throw new ApiError(serverMessage ?? fallback, response.status, serverMessage, text);
  }
  return parsed as T;
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, opts: BodylessOptions) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T = unknown>(path: string, body: unknown, opts: BodylessOptions) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T = unknown>(path: string, body: unknown, opts: BodylessOptions) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T = unknown>(path: string, opts: BodylessOptions & { body?: unknown }) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};

/** The text to show for any thrown value: ApiError messages are already user-facing. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}
