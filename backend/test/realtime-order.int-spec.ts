import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DirectMessage } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { player } from './support/matches';
import { collect, eventually, send, socketPool, texts } from './support/social';
import { RealtimePublisher } from '../src/realtime/realtime.publisher';
import type { ClassicRedisAdapter } from '../src/realtime/pushes-in-redis-order';

/** The Socket.IO adapter of an instance (the Redis adapter, as RedisIoAdapter wrapped it). */
const adapterOf = (app: NestFastifyApplication) => (app.get(RealtimePublisher) as unknown as { server: { sockets: { adapter: ClassicRedisAdapter } } }).server.sockets.adapter;

const SLOW_MS = 300;

/**
 * A player's messages reach every socket in the order they were sent, whichever instance each went
 * through (docs/realtime.md#order-across-instances). Each case slows one link of the fan-out on
 * one instance, as a busy machine can, and sends the second message through the other instance.
 */
describe('pushes keep their order across API instances (docs/realtime.md#order-across-instances)', () => {
  let env: TestEnv;
  let one: { app: NestFastifyApplication; url: string };
  let two: { app: NestFastifyApplication; url: string };
  const { open, closeAll } = socketPool();
  useTestApp({ apis: 2, beforeClose: closeAll }, (started) => {
    env = started.env;
    [one, two] = started.apis;
  });
  const restore: (() => void)[] = [];
  afterEach(() => restore.splice(0).forEach((undo) => undo()));

  it("an instance whose subscriber is behind still delivers another instance's earlier message first", async () => {
    const alice = await player(env, one.url, false);
    const bob = await player(env, one.url, false);
    const bobOnTwo = collect<DirectMessage>(await open(two.url, bob), 'message:new');
    // Instance 2 reads what Redis hands it SLOW_MS late, in order.
    const adapter = adapterOf(two.app);
    const onmessage = adapter.onmessage;
    adapter.onmessage = (...args) => void setTimeout(() => onmessage.apply(adapter, args), SLOW_MS);
    restore.push(() => (adapter.onmessage = onmessage));

    await send(one.url, alice, bob, 'first, through 1').expect(201);
    await send(two.url, alice, bob, 'second, through 2').expect(201);
    await eventually(() => bobOnTwo.length === 2, 'both messages on instance 2');
    expect(texts(bobOnTwo)).toEqual(['first, through 1', 'second, through 2']);
  });

  it('an instance whose PUBLISH is slow answers only once Redis took it, so the next message comes after', async () => {
    const alice = await player(env, one.url, false);
    const bob = await player(env, one.url, false);
    const bobOnOne = collect<DirectMessage>(await open(one.url, bob), 'message:new');
    const bobOnTwo = collect<DirectMessage>(await open(two.url, bob), 'message:new');
    // Instance 1's publishes reach Redis SLOW_MS late, in order.
    const adapter = adapterOf(one.app);
    const client = adapter.pubClient;
    let chain = Promise.resolve<unknown>(undefined);
    adapter.pubClient = {
      publish: (channel, message) => (chain = chain.then(() => new Promise((r) => setTimeout(r, SLOW_MS))).then(() => client.publish(channel, message))),
    };
    restore.push(() => (adapter.pubClient = client));

    await send(one.url, alice, bob, 'first, through 1').expect(201);
    await send(two.url, alice, bob, 'second, through 2').expect(201);
    await eventually(() => bobOnOne.length === 2 && bobOnTwo.length === 2, 'both messages on both instances');
    expect(texts(bobOnOne)).toEqual(['first, through 1', 'second, through 2']);
    expect(texts(bobOnTwo)).toEqual(['first, through 1', 'second, through 2']);
  });
});
