import { Global, Module } from '@nestjs/common';
import { RealtimePublisher } from '../realtime/realtime.publisher';
import { Notifier } from './notifier';

/** The API's Notifier: pushes through the Socket.IO server (and so the Redis adapter). */
@Global()
@Module({
  providers: [{ provide: Notifier, inject: [RealtimePublisher], useFactory: (p: RealtimePublisher) => new Notifier(p) }],
  exports: [Notifier],
})
export class NotifierModule {}
