import { Module } from '@nestjs/common';
import { DELIVERY_SETTLED } from '../events/event-bus';
import { NotificationsModule } from '../notifications/notifications.module';
import { SessionsModule } from '../sessions/sessions.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeListeners } from './realtime.listeners';
import { RealtimePublisher } from './realtime.publisher';
import { REALTIME_SINK } from './realtime-sink';
import { RoomAccess } from './room-access';
import { SocketFastPath } from './socket-fast-path';

/**
 * The API's realtime: the Socket.IO gateway (tokens checked at the handshake, rooms joined only
 * with RoomAccess's yes), REALTIME_SINK bound to the Socket.IO server (and the event bus waiting
 * for its pushes to be taken by Redis, DELIVERY_SETTLED), and the listeners that turn committed
 * domain events into pushes, for every feature (they read who holds a match's notices from
 * NotificationsModule). Features register their room checks with RoomAccess.
 */
@Module({
  imports: [SessionsModule, NotificationsModule],
  providers: [
    RealtimeGateway,
    RealtimePublisher,
    { provide: REALTIME_SINK, useExisting: RealtimePublisher },
    { provide: DELIVERY_SETTLED, useExisting: RealtimePublisher },
    RealtimeListeners,
    RoomAccess,
    SocketFastPath,
  ],
  exports: [RoomAccess, REALTIME_SINK, SocketFastPath],
})
export class RealtimeModule {}
