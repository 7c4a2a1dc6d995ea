import { ForbiddenException, Injectable } from '@nestjs/common';
import { LEAGUE_CHAT_CHANNEL, MSG, type LeagueChatResponse, type SendLeagueChatResponse } from '@gotnext/shared';
import { ChatRateLimiter } from '../chat/chat-rate-limiter';
import { toChatPage } from '../chat/chat-page';
import { chatText } from '../chat/chat-text';
import { UnitOfWork } from '../database/unit-of-work';
import { LeagueAccess } from './league-access';
import { LeagueChatRepository } from './league-chat.repository';
import { LeagueMessageBatcher } from './league-message-batcher';

/**
 * League chat (docs/leagues.md#chat), built on the blocks every chat shares
 * (docs/social.md#chat-building-blocks): the text rule, the rate limit (its own channel) and
 * cursor pages. Members only, in public and private leagues alike.
 */
@Injectable()
export class LeagueChatService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: LeagueAccess,
    private readonly chat: LeagueChatRepository,
    private readonly limiter: ChatRateLimiter,
    private readonly batcher: LeagueMessageBatcher,
  ) {}

  async history(viewerId: number, leagueId: number, before: number | undefined): Promise<LeagueChatResponse> {
    await this.access.asMember(leagueId, viewerId);
    const { messages, next_cursor } = toChatPage(await this.chat.page(leagueId, before));
    return { chat: messages, next_cursor };
  }

  async send(senderId: number, leagueId: number, raw: unknown): Promise<SendLeagueChatResponse> {
    const text = chatText(raw);
    await this.limiter.take(LEAGUE_CHAT_CHANNEL, senderId);
    // One statement for the messages that arrive together (docs/leagues.md#chat): the lock, the
    // membership and, for a member, the message.
    const message = await this.batcher.add({ leagueId, senderId, body: text });
    if (!message) {
      await this.access.asMember(leagueId, senderId); // a 404 or 403, as the reads answer
      throw new ForbiddenException({ message: MSG.leagueMembersOnly });
    }
    await this.uow.committed('league-message.sent', { leagueId, message });
    return { message: MSG.messageSent, chat_message: message };
  }
}
