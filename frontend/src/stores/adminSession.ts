import { create } from 'zustand';

/**
 * The operators' credentials for the ops area, as the `Authorization: Basic …` value the admin
 * calls send. Kept in sessionStorage: they leave with the tab, and never mix with a player's
 * session in localStorage (docs/architecture.md#the-ops-area).
 */
const KEY = 'gotnext:admin';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function basicAuthorization(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

interface AdminSessionState {
  authorization: string | null;
  signIn(authorization: string): void;
  signOut(): void;
}

export const useAdminSession = create<AdminSessionState>((set) => ({
  authorization: storage()?.getItem(KEY) ?? null,
  signIn(authorization) {
    storage()?.setItem(KEY, authorization);
    set({ authorization });
  },
  signOut() {
    storage()?.removeItem(KEY);
    set({ authorization: null });
  },
}));

export const readAdminAuthorization = (): string | null => useAdminSession.getState().authorization;
