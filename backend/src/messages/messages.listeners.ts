import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { REALTIME_SINK, type RealtimeSink } from '../realtime/realtime-sink';

/**
 * Direct messages live (docs/social.md#live-delivery): a stored message goes to every tab of the
 * recipient and of the sender; a read goes to the reader's other tabs and, unless a block stands
 * between them, to the partner (their 'Seen').
 */
@Injectable()
export class MessagesListeners {
  constructor(@Inject(REALTIME_SINK) private readonly sink: RealtimeSink) {}

  @OnDomainEvent('direct-message.sent')
  pushMessage({ senderId, recipientId, message }: DomainEvents['direct-message.sent']): void {
    // One publish for both rooms: half the Redis fan-out of two (bench/chat.bench.mjs).
    this.sink.toUsers([recipientId, senderId], 'message:new', message);
  }

  @OnDomainEvent('direct-messages.read')
  pushRead({ readerId, partnerId, at, tellPartner }: DomainEvents['direct-messages.read']): void {
    const event = { reader_id: readerId, partner_id: partnerId, at };
    this.sink.toUser(readerId, 'messages:read', event);
    if (tellPartner) this.sink.toUser(partnerId, 'messages:read', event);
  }
}
