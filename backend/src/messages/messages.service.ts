import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG, type ChatHistoryResponse, type ConversationsResponse, type SendMessageResponse, type UserDetails } from '@gotnext/shared';
import { ChatRateLimiter } from '../chat/chat-rate-limiter';
import { toChatPage } from '../chat/chat-page';
import { chatText } from '../chat/chat-text';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { FriendsRepository, type PlayerRelation } from '../friends/friends.repository';
import { PresenceStore } from '../presence/presence.store';
import { safeTimeZone } from '../profiles/local-time';
import { preferencesOf } from '../users/user.view';
import { DirectMessageBatcher } from './direct-message-batcher';
import { messageRefusal } from './message-permission';
import { MessagesRepository } from './messages.repository';

/** The send rate limit's channel for direct messages (league chat counts in its own). */
export const DIRECT_CHANNEL = 'direct';

/** "03/01/2026": a date in the viewer's zone. */
function localDate(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * Direct messages (docs/social.md#messages): who may write to whom, sending with the shared text
 * rule and rate limit, chats paged by cursor, the conversation list, reading.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly messages: MessagesRepository,
    private readonly friends: FriendsRepository,
    private readonly presence: PresenceStore,
    private readonly limiter: ChatRateLimiter,
    private readonly batcher: DirectMessageBatcher,
  ) {}

  private async relationOrNotFound(viewerId: number, userId: number): Promise<PlayerRelation> {
    const rel = await this.friends.relation(viewerId, userId);
    if (!rel) throw new NotFoundException({ message: MSG.playerNotFound });
    return rel;
  }

  async send(senderId: number, recipientId: number, content: unknown): Promise<SendMessageResponse> {
    const text = chatText(content);
    if (recipientId === senderId) throw new BadRequestException({ message: MSG.cannotMessageSelf });
    await this.limiter.take(DIRECT_CHANNEL, senderId);
    // One statement for the messages that arrive together (docs/social.md#messages): the rule's
    // facts and, when they allow it, the message, under the conversation's lock.
    const sent = await this.batcher.add({ senderId, recipientId, body: text });
    if (!sent) throw new NotFoundException({ message: MSG.playerNotFound });
    const refusal = messageRefusal(sent.relation);
    if (refusal || !sent.message) throw new ForbiddenException({ message: refusal ?? MSG.messagesNotAllowed });
    const message = sent.message;
    await this.uow.committed('direct-message.sent', { senderId, recipientId, message, pushSender: sent.pushSender });
    return { message: MSG.messageSent, chat_message: message };
  }

  /** A page of the chat with a live player, newest page first; a block does not hide what was said. */
  async history(viewerId: number, userId: number, before: number | undefined): Promise<ChatHistoryResponse> {
    await this.relationOrNotFound(viewerId, userId);
    return toChatPage(await this.messages.page(viewerId, userId, before));
  }

  async details(viewerId: number, userId: number): Promise<UserDetails> {
    const rel = await this.relationOrNotFound(viewerId, userId);
    const refusal = viewerId === userId ? MSG.cannotMessageSelf : messageRefusal(rel);
    const blocked = rel.iBlocked || rel.theyBlocked;
    return {
      user_id: rel.userId,
      username: rel.username,
      profile_picture: rel.profilePicture,
      profile_picture_version: rel.profilePictureVersion,
      preferences: preferencesOf(rel),
      is_friend: rel.friends,
      can_message: refusal === null,
      message_refusal: refusal,
      online: !blocked && (await this.presence.isOnline(userId)),
    };
  }

  async conversations(viewerId: number, timezone: unknown): Promise<ConversationsResponse> {
    const zone = safeTimeZone(timezone);
    const rows = await this.messages.conversationsOf(viewerId);
    const online = await this.presence.onlineAmong(rows.map((r) => r.user_id));
    return {
      messages: rows.map(({ created_at, ...r }) => ({ ...r, date: localDate(created_at, zone), timestamp: created_at.toISOString(), online: online.has(r.user_id) })),
    };
  }

  async unreadCount(userId: number): Promise<number> {
    return (await this.messages.unreadOf(userId)).count;
  }

  /** Marks read what `partnerId` sent the reader; their 'Seen' follows unless a block stands between them. */
  async markRead(readerId: number, partnerId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      if (!(await this.messages.markReadFrom(readerId, partnerId, tx.manager))) return;
      await this.emitRead(tx, readerId, [partnerId]);
    });
  }

  async markAllRead(readerId: number): Promise<void> {
    await this.uow.run(async (tx) => this.emitRead(tx, readerId, await this.messages.markAllRead(readerId, tx.manager)));
  }

  private async emitRead(tx: Tx, readerId: number, partnerIds: number[]): Promise<void> {
    const at = new Date().toISOString();
    for (const partnerId of partnerIds) {
      const rel = await this.friends.relation(readerId, partnerId, tx.manager);
      tx.emit('direct-messages.read', { readerId, partnerId, at, tellPartner: !!rel && !rel.iBlocked && !rel.theyBlocked });
    }
  }
}
