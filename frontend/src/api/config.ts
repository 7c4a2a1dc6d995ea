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
