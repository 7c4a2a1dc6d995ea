import { MSG } from '@gotnext/shared';
import type { PlayerRelation } from '../friends/friends.repository';
import { preferencesOf } from '../users/user.view';

/** What the rule reads of the relation between the writer and the recipient. */
export type MessageRelation = Pick<PlayerRelation, 'iBlocked' | 'theyBlocked' | 'friends' | 'preferences'>;

/**
 * Why the viewer may not write to this player now, in the spec's words, or null when they may
 * (docs/social.md#who-may-write-to-whom). A block the other player placed reads like their
 * preferences, so nobody learns from the chat that they were blocked. The send statement says the
 * same in SQL (MessagesRepository.insertIfAllowed).
 */
export function messageRefusal(rel: MessageRelation): string | null {
  if (rel.iBlocked) return MSG.youBlocked;
  if (rel.theyBlocked) return MSG.messagesNotAllowed;
  if (!preferencesOf(rel).allowMessages && !rel.friends) return MSG.messagesNotAllowed;
  return null;
}
