import {
  MSG,
  OPS_REQUEST_HEADER,
  routePath,
  type PathParams,
  type QueryOf,
  type RequestOf,
  type ResponseOf,
  type RouteDef,
  type WireTypeName,
  type WireTypes,
} from '@gotnext/shared';
import { API_BASE, browserTimeZone, readHeaders } from './config';
import { adoptEarlyRead } from './earlyRead';
import { ApiError } from './errors';
import { readAdminAuthorization, useAdminSession } from '../stores/adminSession';
import { clearSession, readToken } from '../stores/persistedSession';

type ParamsPart<R extends RouteDef> = [keyof PathParams<R['path']>] extends [never] ? { params?: undefined } : { params: PathParams<R['path']> };
type BodyPart<R extends RouteDef> = [RequestOf<R>] extends [undefined] ? { body?: undefined } : { body: RequestOf<R> };
/** The client adds `timezone` itself, so callers name only the other fields. */
type QueryFields<R extends RouteDef> = Omit<NonNullable<QueryOf<R>>, 'timezone'>;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends Q` asks whether every field of Q is optional
type QueryPart<R extends RouteDef> = [QueryOf<R>] extends [undefined] ? { query?: undefined } : {} extends QueryFields<R> ? { query?: QueryFields<R> } : { query: QueryFields<R> };

/** What one call needs besides its row of the table: path values, body, query, and the spec's fallback text. */
export type CallOptions<R extends RouteDef> = ParamsPart<R> &
  BodyPart<R> &
  QueryPart<R> & {
    /** The message shown when the server gives none (docs/api.md). */
    fallback: string;
    signal?: AbortSignal;
    /** Admin routes only: credentials to try instead of the kept ones (the ops sign-in checks them before keeping them). */
    adminAuthorization?: string;
  };

/** Query types that carry the browser's time zone; `satisfies` makes the list complete at compile time. */
type ZonedQuery = { [K in WireTypeName]: WireTypes[K] extends object ? ('timezone' extends keyof WireTypes[K] ? K : never) : never }[WireTypeName];
const ZONED_QUERIES = { TimezoneQuery: true, UserStatsQuery: true, ChatHistoryQuery: true } satisfies Record<ZonedQuery, true>;

type QueryValue = string | number | boolean | null | undefined;

function buildUrl(route: RouteDef, params: object | undefined, query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  if (route.query && route.query in ZONED_QUERIES) search.set('timezone', browserTimeZone());
  const qs = search.toString();
  return `${API_BASE}${routePath(route.path, params as Record<string, string | number>)}${qs ? `?${qs}` : ''}`;
}

/** A multipart body: text fields as strings (null as empty), files as they are (a File keeps its name). */
function toFormData(fields: object): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value);
    else form.append(key, value === null ? '' : String(value));
  }
  return form;
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

/**
 * The one way the app talks HTTP, typed from the shared table of calls (libs/shared/src/api/routes.ts):
 * the bearer token unless the route takes none, the time zone, JSON or multipart as the row says,
 * and every failure as an ApiError whose message the player can read.
 */
export async function call<R extends RouteDef>(route: R, options: CallOptions<R>): Promise<ResponseOf<R>> {
  const { params, body, query, fallback, signal, adminAuthorization } = options as CallOptions<RouteDef> & { params?: object; body?: object; query?: object };
  const token = route.auth === 'none' || route.auth === 'admin' ? null : readToken();
  const admin = route.auth === 'admin' ? (adminAuthorization ?? readAdminAuthorization()) : null;

  const headers = readHeaders(token);
  if (admin) headers.Authorization = admin;
  // Admin writes are refused without it: proof the ops screens made the call (docs/api.md#ops-writes).
  if (route.auth === 'admin') headers[OPS_REQUEST_HEADER] = '1';
  let payload: BodyInit | undefined;
  if (body !== undefined && route.body?.kind === 'multipart') {
    payload = toFormData(body); // the browser sets the boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    const url = buildUrl(route, params, query);
    // A read the boot script already started for this page (api/earlyRead.ts) is answered by it.
    const early = route.method === 'GET' ? adoptEarlyRead(url, token) : undefined;
    response = await (early ?? fetch(url, { method: route.method, headers, body: payload, signal }));
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
    // Operator credentials that stop working (changed on the server) send the ops area back to its sign-in.
    if (response.status === 401 && admin && !adminAuthorization) useAdminSession.getState().signOut();
    const serverMessage = messageField(parsed);
    // The API's word for a call without a token is for developers; a player reads what happened
    // (docs/product.md#words). The server's text stays in serverMessage.
    const shown = response.status === 401 && serverMessage === MSG.unauthorized ? MSG.sessionEnded : (serverMessage ?? fallback);
    throw new ApiError(shown, response.status, serverMessage, text);
  }
  return parsed as ResponseOf<R>;
}
