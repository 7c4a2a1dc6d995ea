import { create } from 'zustand';
import type { User, UserResponse } from '@gotnext/shared';
import { api } from '../api/client';
import {
  SESSION_CHANGED_EVENT,
  TOKEN_KEY,
  USER_ID_KEY,
  clearSession,
  readSession,
  saveSession,
} from './persistedSession';

export interface AuthState {
  token: string | null;
  userId: number | null;
  /** The account from GET /api/user; null until refreshUser() has loaded it. */
  user: User | null;
  login(token: string, userId: number | string): void;
  /** Forgets the session locally (no server call, no reload). */
  logout(): void;
  /** Loads the own account; resolves to null when logged out. Throws ApiError on failure. */
  refreshUser(): Promise<User | null>;
}

export const useAuthStore = create<AuthState>((set, get) => ({
  ...readSession(),
  user: null,

  login(token, userId) {
    saveSession(token, userId);
  },

  logout() {
    clearSession();
  },

  async refreshUser() {
    const token = get().token;
    if (!token) return null;
    const { user } = await api.get<UserResponse>('/api/user', { fallback: 'Failed to fetch user data.' });
    // Ignore an answer for a session that ended while the call was in flight.
    if (get().token !== token) return null;
    set({ user });
    return user;
  },
}));

/** localStorage is the source of truth; this copies it into the store whenever it may have changed. */
function syncFromStorage(): void {
  const next = readSession();
  const current = useAuthStore.getState();
  if (next.token === current.token && next.userId === current.userId) return;
  useAuthStore.setState({ ...next, user: next.token === current.token ? current.user : null });
}

// Other tabs log in and out too (`storage`); this tab's own writes come as SESSION_CHANGED_EVENT.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === TOKEN_KEY || event.key === USER_ID_KEY) syncFromStorage();
});
window.addEventListener(SESSION_CHANGED_EVENT, syncFromStorage);

export const selectIsLoggedIn = (s: AuthState) => s.token !== null;
