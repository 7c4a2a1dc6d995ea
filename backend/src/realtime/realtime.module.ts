import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';
import { RoomAccess } from './room-access';

/** Global: SessionsService (auth core) needs the publisher to close revoked users' sockets. */
@Global()
@Module({
  providers: [RealtimeGateway, RealtimePublisher, RoomAccess],
  exports: [RealtimePublisher, RoomAccess],
})
export class RealtimeModule {}
