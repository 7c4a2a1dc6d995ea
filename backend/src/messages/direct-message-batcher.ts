import { Injectable } from '@nestjs/common';
import { TurnBatcher } from '../common/turn-batcher';
import { MessagesRepository, type OutgoingMessage, type SendOutcome } from './messages.repository';

/**
 * The direct messages this instance is asked to store within one turn of the event loop, stored
 * by one statement (MessagesRepository.insertManyIfAllowed; docs/social.md#messages).
 */
@Injectable()
export class DirectMessageBatcher extends TurnBatcher<OutgoingMessage, SendOutcome | null> {
  constructor(messages: MessagesRepository) {
    super((items) => messages.insertManyIfAllowed(items));
  }
}
