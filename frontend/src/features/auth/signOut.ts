import { ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { useAuthStore } from '../../stores/auth';

/** How long Sign Out waits for the server before it signs this browser out without it. */
export const SIGN_OUT_WAIT_MS = 5000;

/**
 * Header "Sign Out" (docs/product.md#header-and-footer): tell the server (best effort), forget the
 * session, start the page afresh. A server that never answers (a stalled connection at the court)
 * must not keep the player signed in, so the call gives up after `waitMs`; the session then ends
 * on the server at its token's expiry.
 */
export async function signOut(waitMs = SIGN_OUT_WAIT_MS): Promise<void> {
  try {
    await call(ROUTES.logout, { fallback: '', signal: AbortSignal.timeout(waitMs) });
  } catch {
    // Even if the server cannot be told, this browser must stop acting as the player.
  }
  useAuthStore.getState().logout();
  window.location.reload();
}
