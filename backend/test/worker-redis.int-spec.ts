import IORedis from 'ioredis';
import { WorkerRedis } from '../src/jobs/worker-redis';
import { PrivateRedis } from './support/private-redis';
import { waitFor } from './support/processes';

/**
 * A worker's Redis client ends when told to, even between two reconnect attempts (worker-redis.ts):
 * it says 'end' and fails what it still holds, which is what BullMQ's Worker.close() waits for.
 * ioredis' own client, in the same state, does neither: the contrast shows the state is reached.
 */
describe("a worker's Redis client closed while Redis is away", () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
  });
  afterAll(() => redis.stop());

  async function parkedAfterOutage(client: IORedis): Promise<{ read: Promise<string> }> {
    await client.ping();
    await redis.kill();
    await waitFor(async () => client.status === 'reconnecting');
    // A blocking read queued while there is no connection, as BullMQ's fetch loop leaves one.
    const read = client.bzpopmin('nothing', 10).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    return { read };
  }
  const after = (ms: number) => new Promise<'still waiting'>((ok) => setTimeout(() => ok('still waiting'), ms));

  /** Parks `client` between two reconnect attempts, disconnects it, and says whether it ended within 2 s. */
  async function disconnectWhileParked(client: IORedis): Promise<{ ended: 'end' | 'still waiting'; read: Promise<string> }> {
    const { read } = await parkedAfterOutage(client);
    const end = new Promise<'end'>((ok) => client.once('end', () => ok('end')));
    client.disconnect();
    return { ended: await Promise.race([end, after(2000)]), read };
  }
  const options = { retryStrategy: () => 1000, maxRetriesPerRequest: null };

  it('ends at once and fails its queued blocking read', async () => {
    const { ended, read } = await disconnectWhileParked(new WorkerRedis({ port: Number(redis.port), ...options }));
    expect(ended).toBe('end');
    expect(await read).toBe('Connection is closed.');
    await redis.up();
  });

  it("ioredis' own client in the same state stays parked, with its read unsettled", async () => {
    const client = new IORedis({ port: Number(redis.port), ...options });
    const { ended, read } = await disconnectWhileParked(client);
    expect(ended).toBe('still waiting');
    expect(await Promise.race([read, after(0)])).toBe('still waiting');
    expect(client.status).toBe('reconnecting');
    await redis.up();
  });
});
