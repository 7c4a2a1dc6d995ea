import { create } from 'zustand';
import { SESSION_CHANGED_EVENT, TOKEN_KEY, USER_ID_KEY, clearSession, readSession, saveSession } from './persistedSession';

/**
 * The login session (client state). The account itself is server state: useMe() in
 * features/account/useMe.ts reads it through the query cache.
 */
export interface AuthState {
  token: string | null;
  userId: number | null;
  login(token: string, userId: number | string): void;
  /** Forgets the session locally (no server call, no reload). */
  logout(): void;
}

export const useAuthStore = create<AuthState>(() => ({
  ...readSession(),

  login(token, userId) {
    saveSession(token, userId);
  },

  logout() {
    clearSession();
  },
}));

/** localStorage is the source of truth; this copies it into the store whenever it may have changed. */
function syncFromStorage(): void {
  const next = readSession();
  const current = useAuthStore.getState();
  if (next.token === current.token && next.userId === current.userId) return;
  useAuthStore.setState(next);
}

// Other tabs log in and out too (`storage`); this tab's own writes come as SESSION_CHANGED_EVENT.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === TOKEN_KEY || event.key === USER_ID_KEY) syncFromStorage();
});
window.addEventListener(SESSION_CHANGED_EVENT, syncFromStorage);

export const selectIsLoggedIn = (s: AuthState) => s.token !== null;
