/**
 * Limits shared by every chat (direct messages now, league chat next): the server refuses what the
 * composer would not send, with the same words (docs/social.md#chat-building-blocks).
 */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** Messages per page of a chat's history. */
export const CHAT_PAGE_SIZE = 30;
/** A composer sends `chat:typing` at most this often while the player types. */
export const TYPING_SEND_INTERVAL_MS = 2000;
/** The "typing…" line disappears this long after the last `chat:typing`. */
export const TYPING_SHOW_MS = 5000;
/** How many players one `presence:watch` may name. */
export const PRESENCE_WATCH_LIMIT = 200;
