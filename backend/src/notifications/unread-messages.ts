export interface UnreadMessages {
  count: number;
  /** When the newest unread message arrived. */
  latest: Date | null;
}

/**
 * Where the bell's unread-message count comes from, and how "mark messages read" is done. It is
 * the only source of that count: the direct-messages feature provides it
 * (messages/direct-messages-unread.ts), and app.module registers the notifications calls with it.
 */
export abstract class UnreadMessagesSource {
  abstract unreadOf(userId: number): Promise<UnreadMessages>;
  abstract markAllRead(userId: number): Promise<void>;
}
