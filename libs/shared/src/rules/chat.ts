import { CHAT_MESSAGE_MAX_LENGTH } from '../constants/chat';
import { MSG } from '../messages';

/** Length in characters as a player counts them (an emoji is one), not UTF-16 units. */
export const chatLength = (text: string) => Array.from(text).length;

/**
 * What is wrong with a chat message, or null when it may be sent (docs/social.md#messages): blank
 * messages are not sent, long ones are refused. The composer and the server both ask this.
 */
export function chatMessageProblem(text: unknown): string | null {
  if (typeof text !== 'string' || text.trim() === '') return MSG.messageEmpty;
  if (chatLength(text.trim()) > CHAT_MESSAGE_MAX_LENGTH) return MSG.messageTooLong;
  return null;
}
