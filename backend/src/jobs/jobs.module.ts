import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/env';
import { producerQueueOptions, QUEUES, QUEUE_TOKENS, QueueName } from './queues';

/** The one way to get a producer: `@InjectQueue(QUEUES.rating) queue: Queue<RatingJob>`. */
export const InjectQueue = (name: QueueName) => Inject(QUEUE_TOKENS[name]);
export const ALL_QUEUES = Symbol('ALL_QUEUES');

const queueProviders = Object.values(QUEUES).map((name) => ({
  provide: QUEUE_TOKENS[name],
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => new Queue(name, producerQueueOptions(config.REDIS_URL, config.REDIS_PREFIX)),
}));

class QueueCloser implements OnApplicationShutdown {
  constructor(@Inject(ALL_QUEUES) private readonly queues: Queue[]) {}
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((q) => q.close().catch(() => undefined)));
  }
}

/** Producers for every queue (both processes enqueue); the worker's JobRunner runs the handlers. */
@Module({
  providers: [
    ...queueProviders,
    { provide: ALL_QUEUES, inject: Object.values(QUEUE_TOKENS), useFactory: (...queues: Queue[]) => queues },
    QueueCloser,
  ],
  exports: [...Object.values(QUEUE_TOKENS), ALL_QUEUES],
})
export class JobsModule {}
