import { useEffect } from 'react';
import { safeNextPath } from '@gotnext/shared';
import { getSocket, useSocketStatus } from '../../realtime';

/**
 * The invite a player left to verify their ID (docs/matches.md#invite-preview). Kept in
 * localStorage, not only in ?next=, because the e-mail link opens in a new tab: that tab must
 * still know where the player is going.
 */
const KEY = 'verifyingForInvite';

export function rememberInvite(invitePath: string): void {
  localStorage.setItem(KEY, invitePath);
}

export function forgetInvite(): void {
  localStorage.removeItem(KEY);
}

/** A same-site path only: ?next= and storage are both input a link can set. */
function sameSite(path: string | null): string | null {
  return path && safeNextPath(path) === path ? path : null;
}

export function rememberedInvite(): string | null {
  return sameSite(localStorage.getItem(KEY));
}

/** Where the verification page sends the player back to: its ?next=, else the remembered invite. */
export function inviteToReturnTo(next: string | null): string | null {
  return sameSite(next) ?? rememberedInvite();
}

/** The verification page for a player who came from this invite. */
export const verifyForInvitePath = (invitePath: string) => `/verification?next=${encodeURIComponent(invitePath)}`;

/** The code an invite path carries (?code=), or null. */
export function inviteCodeOf(invitePath: string | null): string | null {
  if (!invitePath) return null;
  return new URL(invitePath, window.location.origin).searchParams.get('code')?.trim() || null;
}

/**
 * While an invited player verifies, their invite's lobby reads "{name} is verifying their ID": the
 * code goes to the server on every (re)connect, which checks that it names an open match the
 * player is not in yet before telling its room.
 */
export function useInviteVerifyingSignal(invitePath: string | null, verifying: boolean): void {
  const connected = useSocketStatus();
  const code = inviteCodeOf(invitePath);
  useEffect(() => {
    if (!verifying || !code || !connected) return;
    getSocket()?.emit('invite:verifying', code);
  }, [code, verifying, connected]);
}
