/**
 * The login session as it lives in localStorage (keys `token` and `user_id`, docs/accounts.md).
 * The API client and the auth store both touch it; neither imports the other, so they meet here.
 */
export const TOKEN_KEY = 'token';
export const USER_ID_KEY = 'user_id';

/**
 * `storage` events only reach *other* tabs. This one is fired in this tab whenever the session is
 * written here, so the auth store hears changes made by the API client (e.g. a 401 clearing it).
 */
export const SESSION_CHANGED_EVENT = 'gotnext:session-changed';

export interface PersistedSession {
  token: string | null;
  userId: number | null;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or disabled storage: behave as logged out
  }
}

export function readSession(): PersistedSession {
  const s = storage();
  const token = s?.getItem(TOKEN_KEY) || null;
  const rawId = s?.getItem(USER_ID_KEY);
  const userId = rawId && /^\d+$/.test(rawId) ? Number(rawId) : null;
  return { token, userId };
}

export function readToken(): string | null {
  return readSession().token;
}

export function saveSession(token: string, userId: number | string): void {
  const s = storage();
  s?.setItem(TOKEN_KEY, token);
  s?.setItem(USER_ID_KEY, String(userId));
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

export function clearSession(): void {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(USER_ID_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}
