import { ForbiddenException, Injectable } from '@nestjs/common';
import { LEAGUE_CHAT_CHANNEL, MSG, type LeagueChatResponse, type SendLeagueChatResponse } from '@gotnext/shared';
import { ChatRateLimiter } from '../chat/chat-rate-limiter';
import { toChatPage } from '../chat/chat-page';
import { chatText } from '../chat/chat-text';
import { UnitOfWork } from '../database/unit-of-work';
import { LeagueAccess } from './league-access';
import { LeagueChatRepository } from './league-chat.repository';
import { LeaguesRepository } from './leagues.repository';

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
    private readonly leagues: LeaguesRepository,
    private readonly chat: LeagueChatRepository,
    private readonly limiter: ChatRateLimiter,
  ) {}

  async history(viewerId: number, leagueId: number, before: number | undefined): Promise<LeagueChatResponse> {
    await this.access.asMember(leagueId, viewerId);
    const { messages, next_cursor } = toChatPage(await this.chat.page(leagueId, before));
    return { chat: messages, next_cursor };
  }

  async send(senderId: number, leagueId: number, raw: unknown): Promise<SendLeagueChatResponse> {
    const text = chatText(raw);
    await this.limiter.take(LEAGUE_CHAT_CHANNEL, senderId);
    const message = await this.uow.run(async (tx) => {
      await this.chat.lock(leagueId, tx.manager);
      // The membership row is held until commit: a leave waits for this message, so it never lands after the member left.
      if (!(await this.leagues.membership(leagueId, senderId, tx.manager, true))) {
        await this.access.asMember(leagueId, senderId, tx.manager); // a 404 or 403, as the reads answer
        throw new ForbiddenException({ message: MSG.leagueMembersOnly });
      }
      const stored = await this.chat.insert(leagueId, senderId, text, tx.manager);
      tx.emit('league-message.sent', { leagueId, message: stored });
      return stored;
    });
    return { message: MSG.messageSent, chat_message: message };
  }
}
