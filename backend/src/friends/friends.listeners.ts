import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { REALTIME_SINK, type RealtimeSink } from '../realtime/realtime-sink';

/** After a friendship or request changed, both players' screens (lists, profile buttons) read again. */
@Injectable()
export class FriendsListeners {
  constructor(@Inject(REALTIME_SINK) private readonly sink: RealtimeSink) {}

  @OnDomainEvent('friends.changed')
  push({ userIds: [a, b] }: DomainEvents['friends.changed']): void {
    this.sink.toUser(a, 'friends:changed', { user_id: b });
    this.sink.toUser(b, 'friends:changed', { user_id: a });
  }
}
