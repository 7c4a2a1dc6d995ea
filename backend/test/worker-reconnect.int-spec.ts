import { Queue } from 'bullmq';
import { createTestEnv, type TestEnv } from './support/harness';
import { PrivateRedis } from './support/private-redis';
import { waitFor } from './support/processes';
import { bullConnection, bullPrefix, QUEUES, type EmailJob } from '../src/jobs/queues';

/**
 * The worker's BullMQ connections reconnect as fast as the producers' (docs/jobs.md#the-worker):
 * after a Redis outage long enough for BullMQ's own back-off to reach 8–20 s, a job enqueued once
 * Redis is back is processed within about two seconds. Design: a reconnect at most 1 s apart and
 * a 1 s pause of the fetch loop after a connection error; the rest is slack for a busy machine.
 */
const BACK_MS = 3500;
/** How long Redis stays away: BullMQ's default back-off is past 8 s by then (1 s ×7, 3 s, 8 s, 20 s). */
const OUTAGE_MS = 20_000;

describe('the worker after Redis comes back', () => {
  let redis: PrivateRedis;
  let env: TestEnv;
  const queues: Queue[] = [];
  const producer = () => {
    const q = new Queue<EmailJob>(QUEUES.email, { connection: bullConnection(redis.url), prefix: bullPrefix(env.config.REDIS_PREFIX) });
    queues.push(q);
    return q;
  };
  const done = async (q: Queue, id: string) => (await q.getJob(id))?.finishedOn !== undefined;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    env = await createTestEnv({ REDIS_URL: redis.url });
    await env.startWorker();
  });
  afterAll(async () => {
    await redis.up().catch(() => undefined);
    for (const q of queues) await q.close().catch(() => undefined);
    await env.close();
    await redis.stop();
  });

  it('processes a job within about two seconds of Redis answering again', async () => {
    // Nobody has this address: the job completes without sending anything.
    const job: EmailJob = { kind: 'reset_password', email: 'nobody@example.com' };
    const before = producer();
    await before.add('reset_password', job, { jobId: 'reset_password-before' });
    await waitFor(() => done(before, 'reset_password-before'));
    await before.close();

    await redis.kill();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await redis.up();
    const upAt = Date.now();
    const after = producer();
    await after.add('reset_password', job, { jobId: 'reset_password-after' });
    await waitFor(() => done(after, 'reset_password-after'), 40_000);
    expect(Date.now() - upAt).toBeLessThan(BACK_MS);
  }, 120_000);
});
