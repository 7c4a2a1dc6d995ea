import { ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { useAuthStore } from '../../stores/auth';

/** Header "Sign Out": tell the server (best effort), forget the session, start the page afresh. */
export async function signOut(): Promise<void> {
  try {
    await call(ROUTES.logout, { fallback: '' });
  } catch {
    // Even if the server cannot be told, this browser must stop acting as the player.
  }
  useAuthStore.getState().logout();
  window.location.reload();
}
