import { MSG } from '@gotnext/shared';
import type { PlayerRelation } from '../friends/friends.repository';
import { preferencesOf } from '../users/user.view';

/**
 * Why the viewer may not write to this player now, in the spec's words, or null when they may
 * (docs/social.md#who-may-write-to-whom). A block the other player placed reads like their
 * preferences, so nobody learns from the chat that they were blocked.
 */
export function messageRefusal(rel: PlayerRelation): string | null {
  if (rel.iBlocked) return MSG.youBlocked;
  if (rel.theyBlocked) return MSG.messagesNotAllowed;
  if (!preferencesOf(rel).allowMessages && !rel.friends) return MSG.messagesNotAllowed;
  return null;
}
