import { Injectable } from '@nestjs/common';

export interface UnreadMessages {
  count: number;
  /** When the newest unread message arrived. */
  latest: Date | null;
}

/**
 * Where the bell's unread-message count comes from, and how "mark messages read" is done. It is
 * the only source of that count: the direct-messages feature provides its own implementation under
 * this token (its table does not exist yet), and the bell and the notifications call follow.
 */
export abstract class UnreadMessagesSource {
  abstract unreadOf(userId: number): Promise<UnreadMessages>;
  abstract markAllRead(userId: number): Promise<void>;
}

/** Before direct messages exist nobody can have an unread one. */
@Injectable()
export class NoDirectMessagesYet extends UnreadMessagesSource {
  async unreadOf(): Promise<UnreadMessages> {
    return { count: 0, latest: null };
  }
  async markAllRead(): Promise<void> {
    // nothing is stored, so nothing to mark
  }
}
