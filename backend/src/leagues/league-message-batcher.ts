import { Injectable } from '@nestjs/common';
import type { LeagueChatMessage } from '@gotnext/shared';
import { TurnBatcher } from '../common/turn-batcher';
import { LeagueChatRepository, type OutgoingLeagueMessage } from './league-chat.repository';

/**
 * The league messages this instance is asked to store within one turn of the event loop, stored
 * by one statement (LeagueChatRepository.insertManyIfMember; docs/leagues.md#chat).
 */
@Injectable()
export class LeagueMessageBatcher extends TurnBatcher<OutgoingLeagueMessage, LeagueChatMessage | null> {
  constructor(chat: LeagueChatRepository) {
    super((items) => chat.insertManyIfMember(items));
  }
}
