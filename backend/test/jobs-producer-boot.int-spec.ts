import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { producerQueueOptions } from '../src/jobs/queues';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A producer that comes up while its process is busy (docs/jobs.md#the-outbox): the event loop
 * stalls for over the producer's 1 s command timeout just after the connection is ready, as an
 * API booting on a loaded machine does. Its adds work once the process breathes again; before,
 * BullMQ kept the timed-out set-up and failed every add of the Queue with it.
 */
describe('a producer set up while its process is busy', () => {
  const prefix = `it_producer_${randomBytes(4).toString('hex')}`;
  let queue: Queue;

  afterAll(async () => {
    await queue?.close();
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}:*` })) if (keys.length) await redis.unlink(keys);
    await redis.quit();
  });

  it('adds jobs once the stall is over', async () => {
    queue = new Queue('probe', producerQueueOptions(REDIS_URL, prefix));
    const client = (queue as unknown as { connection: { _client: { status: string } } }).connection._client;
    // The moment ioredis is ready, BullMQ's own set-up goes on in the same turn; then the loop stalls.
    while (client.status !== 'ready') await new Promise((r) => setImmediate(r));
    const until = Date.now() + 1500;
    while (Date.now() < until);

    let added: string | undefined;
    const deadline = Date.now() + 10_000;
    while (!added && Date.now() < deadline) {
      added = await queue.add('x', { n: 1 }).then(
        (job) => job.id,
        () => undefined,
      );
      if (!added) await new Promise((r) => setTimeout(r, 200));
    }
    expect(added).toBeDefined();
  });
});
