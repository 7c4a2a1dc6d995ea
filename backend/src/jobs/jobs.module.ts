import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/env';
import { isRedisStalled, REDIS, RedisStalledError, type RedisClient } from '../redis/redis.module';
import { producerQueueOptions, QUEUES, QUEUE_TOKENS, QueueName } from './queues';

/** The one way to get a producer: `@InjectQueue(QUEUES.rating) queue: Queue<RatingJob>`. */
export const InjectQueue = (name: QueueName) => Inject(QUEUE_TOKENS[name]);
export const ALL_QUEUES = Symbol('ALL_QUEUES');

/**
 * A producer that fails at once while the process's command client finds Redis hanging
 * (isRedisStalled): its own 1 s command timeout would otherwise make every enqueue of a call wait
 * for the hung Redis again, each after the other. The same Redis serves both connections.
 */
export function failFastWhileStalled(queue: Queue, redis: RedisClient): Queue {
  const stalled = () => Promise.reject(new RedisStalledError(`${queue.name}: Redis is not answering`));
  const add = queue.add.bind(queue);
  const addBulk = queue.addBulk.bind(queue);
  queue.add = ((...args: Parameters<typeof add>) => (isRedisStalled(redis) ? stalled() : add(...args))) as typeof queue.add;
  queue.addBulk = ((...args: Parameters<typeof addBulk>) => (isRedisStalled(redis) ? stalled() : addBulk(...args))) as typeof queue.addBulk;
  return queue;
}

const queueProviders = Object.values(QUEUES).map((name) => ({
  provide: QUEUE_TOKENS[name],
  inject: [APP_CONFIG, REDIS],
  useFactory: (config: AppConfig, redis: RedisClient) => failFastWhileStalled(new Queue(name, producerQueueOptions(config.REDIS_URL, config.REDIS_PREFIX)), redis),
}));

class QueueCloser implements OnApplicationShutdown {
  constructor(@Inject(ALL_QUEUES) private readonly queues: Queue[]) {}
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((q) => q.close().catch(() => undefined)));
  }
}

/** Producers for every queue (both processes enqueue); the worker's JobRunner runs the handlers. */
@Module({
  providers: [...queueProviders, { provide: ALL_QUEUES, inject: Object.values(QUEUE_TOKENS), useFactory: (...queues: Queue[]) => queues }, QueueCloser],
  exports: [...Object.values(QUEUE_TOKENS), ALL_QUEUES],
})
export class JobsModule {}
