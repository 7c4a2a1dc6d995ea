/** Where the API lives: the same origin unless VITE_API_URL says otherwise (no trailing slash). */
export const API_BASE: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

/** The browser's IANA time zone, sent so the server can format dates in local time. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The headers of every read: JSON, the time zone, and the bearer token when there is one. */
export function readHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Timezone': browserTimeZone() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
