import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestEnv, type TestEnv } from './support/harness';
import { RedisCluster } from './support/redis-cluster';
import { waitFor } from './support/processes';
import { signupAndLogin } from './support/players';
import { connectSocket, nextEvent, socketReady, socketTracker } from './support/sockets';
import { REALTIME_SINK, type RealtimeSink } from '../src/realtime/realtime-sink';
import { socketChannelPrefix } from '../src/realtime/socket-channels';
import { connectRedisCluster, type RedisClusterClient } from '../src/redis/redis-cluster';

/**
 * REDIS_CLUSTER_NODES (docs/scaling.md#redis-cluster): two API instances and the worker fan out
 * over sharded pub/sub on a real 3-master cluster, and a room's push goes only to the instances
 * holding a socket in it.
 */
describe('Socket.IO on a Redis Cluster', () => {
  let cluster: RedisCluster;
  let env: TestEnv;
  let apis: { app: NestFastifyApplication; url: string }[];
  let worker: INestApplicationContext;
  let raw: RedisClusterClient;
  const sockets = socketTracker();

  beforeAll(async () => {
    cluster = await RedisCluster.start();
    env = await createTestEnv({ REDIS_CLUSTER_NODES: cluster.nodes });
    apis = [await env.startApi(), await env.startApi()];
    worker = await env.startWorker();
    raw = await connectRedisCluster(cluster.nodes);
  }, 30_000);

  afterAll(async () => {
    sockets.closeAll();
    await raw?.close().catch(() => undefined);
    await env?.close();
    await cluster?.stop();
  });

  it('delivers a push from instance A and from the worker to a socket on instance B, and only B subscribes to its room', async () => {
    const { userId, token } = await signupAndLogin(apis[0]!.url);
    const s = sockets.track(connectSocket(apis[1]!.url, token));
    expect((await socketReady(s)).user_id).toBe(userId);

    const prefix = socketChannelPrefix(env.config.REDIS_PREFIX);
    const roomChannel = `${prefix}#/#user:${userId}#`;
    const nspChannel = `${prefix}#/#`;
    // Only B has a socket in the room: one subscriber on its channel, while both instances listen on the namespace's.
    const count = async (channel: string) => Number(((await raw.sendCommand(channel, true, ['PUBSUB', 'SHARDNUMSUB', channel])) as unknown[])[1]);
    // The adapter subscribes to a room's channel when the socket joins, without awaiting it (a push
    // in between is missed: docs/scaling.md#redis-cluster), so wait for it to land.
    await waitFor(async () => (await count(roomChannel)) >= 1, 5000);
    expect(await count(roomChannel)).toBe(1);
    expect(await count(nspChannel)).toBe(2);

    // What went over the namespace channel (every instance gets it) and over the room's (only B).
    const seen: Record<string, string[]> = { nsp: [], room: [] };
    await raw.sSubscribe(nspChannel, (m) => seen.nsp!.push(m));
    await raw.sSubscribe(roomChannel, (m) => seen.room!.push(m));

    const fromA = nextEvent<{ n: number }>(s, 'system:degraded' as never);
    apis[0]!.app.get<RealtimeSink>(REALTIME_SINK, { strict: false }).toUser(userId, 'system:degraded' as never, { n: 1 } as never);
    expect(await fromA).toEqual({ n: 1 });

    const fromWorker = nextEvent<{ n: number }>(s, 'system:degraded' as never);
    worker.get<RealtimeSink>(REALTIME_SINK, { strict: false }).toUser(userId, 'system:degraded' as never, { n: 2 } as never);
    expect(await fromWorker).toEqual({ n: 2 });

    expect(seen.room).toHaveLength(2);
    expect(seen.nsp).toEqual([]);
  });
});
