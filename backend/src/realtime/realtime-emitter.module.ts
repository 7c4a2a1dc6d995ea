import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeListeners } from './realtime.listeners';
import { REALTIME_SINK } from './realtime-sink';
import { WorkerEmitter } from './worker-emitter';
import { ShardedEmitter } from './sharded-emitter';
import { socketChannelPrefix } from './socket-channels';

class EmitterCloser implements OnApplicationShutdown {
  constructor(@Inject(REALTIME_SINK) private readonly emitter: WorkerEmitter | ShardedEmitter) {}
  onApplicationShutdown(): Promise<void> {
    return this.emitter.close();
  }
}

/**
 * The worker's realtime: REALTIME_SINK bound to @socket.io/redis-emitter (or, on a Redis Cluster,
 * the sharded emitter), and the same listeners as the API.
 */
@Module({
  imports: [NotificationsModule],
  providers: [
    {
      provide: REALTIME_SINK,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.REDIS_CLUSTER_NODES
          ? ShardedEmitter.connect(config.REDIS_CLUSTER_NODES, socketChannelPrefix(config.REDIS_PREFIX))
          : WorkerEmitter.connect(config.REDIS_URL, config.REDIS_PREFIX),
    },
    EmitterCloser,
    RealtimeListeners,
  ],
  exports: [REALTIME_SINK],
})
export class RealtimeEmitterModule {}
