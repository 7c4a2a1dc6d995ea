import { RedisAdapter } from '@socket.io/redis-adapter';
import { Emitter } from '@socket.io/redis-emitter';
import { Adapter } from 'socket.io-adapter';
import { Encoder } from 'socket.io-parser';
import { HOLD_LIMIT_MS, pushesInRedisOrder, type ClassicRedisAdapter, type OrderedAdapter } from './pushes-in-redis-order';

/** A Redis client that records what is published; each PUBLISH settles when the test says so. */
function recordingClient(published: Buffer[], answers: ((ok: boolean) => void)[] = []) {
  return {
    pSubscribe: () => Promise.resolve(),
    subscribe: () => Promise.resolve(),
    on: () => undefined,
    publish: (_channel: string, msg: Buffer) => {
      published.push(Buffer.from(msg));
      return new Promise<number>((ok) => answers.push(() => ok(0)));
    },
  };
}

/** A classic adapter of the namespace '/', with no socket of its own, recording its publishes. */
function adapter(published: Buffer[], answers?: ((ok: boolean) => void)[]): RedisAdapter {
  const client = recordingClient(published, answers);
  const nsp = { name: '/', server: { encoder: new Encoder() }, sockets: new Map() };
  return new RedisAdapter(nsp as never, client, client, { key: 'test' });
}

const push = (a: RedisAdapter | ClassicRedisAdapter, id: number, flags?: object): void =>
  a.broadcast({ type: 2, data: ['message:new', { id }], nsp: '/' } as never, { rooms: new Set(['user:1', 'user:2']), except: new Set(), flags } as never);
const channel = Buffer.from('test#/#');

describe('every instance delivers the pushes in the order Redis hands them out (docs/realtime.md#order-across-instances)', () => {
  let delivered: number[];
  beforeEach(() => {
    delivered = [];
    jest.spyOn(Adapter.prototype, 'broadcast').mockImplementation((packet: { data: [string, { id: number }] }) => void delivered.push(packet.data[1].id));
  });
  afterEach(() => jest.restoreAllMocks());

  it('holds its own push until Redis hands it back, behind what another instance pushed first', () => {
    const published: Buffer[] = [];
    const mine = pushesInRedisOrder(adapter(published)) as unknown as ClassicRedisAdapter;
    const other = adapter(published);
    push(other, 1); // another instance's first message, still on its way from Redis
    push(mine, 2); // the second, sent through this instance
    expect(delivered).toEqual([1]); // `other` (a plain classic adapter) delivered its own at once
    delivered.length = 0;
    for (const msg of published) mine.onmessage(null, channel, msg);
    expect(delivered).toEqual([1, 2]);
  });

  it('publishes what the other instances and the worker decode, and never delivers its own twice', () => {
    const published: Buffer[] = [];
    const mine = pushesInRedisOrder(adapter(published)) as unknown as ClassicRedisAdapter;
    const plain: Buffer[] = [];
    push(adapter(plain), 7);
    delivered.length = 0; // the plain adapter delivered its own at once
    push(mine, 7);
    // The same message but for the adapter id it starts with: the classic adapter's format.
    expect(published[0]!.subarray(8)).toEqual(plain[0]!.subarray(8));
    new Emitter(recordingClient(published) as never, { key: 'test' }).to('user:1').emit('message:new', { id: 3 });
    for (const msg of [...published, published[0]!]) mine.onmessage(null, channel, msg);
    expect(delivered).toEqual([7, 3]);
  });

  it('settles lastPublish once Redis answered the latest PUBLISH', async () => {
    const answers: ((ok: boolean) => void)[] = [];
    const mine = pushesInRedisOrder(adapter([], answers)) as unknown as ClassicRedisAdapter & OrderedAdapter;
    await mine.lastPublish;
    push(mine, 1);
    let settled = false;
    void mine.lastPublish.then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    answers[0]!(true);
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(true);
  });

  it('delivers what it holds before anything done only here, and a push Redis never handed back with the next', () => {
    const published: Buffer[] = [];
    const mine = pushesInRedisOrder(adapter(published)) as unknown as ClassicRedisAdapter;
    push(mine, 1);
    push(mine, 2, { local: true }); // e.g. the outage's system:degraded
    expect(delivered).toEqual([1, 2]);
    for (const msg of published) mine.onmessage(null, channel, msg); // the echo of 1: already out
    expect(delivered).toEqual([1, 2]);

    push(mine, 3); // its PUBLISH failed: Redis never hands it back
    push(mine, 4);
    mine.onmessage(null, channel, published.at(-1));
    expect(delivered).toEqual([1, 2, 3, 4]);

    push(mine, 5);
    mine.delSockets({ rooms: new Set(['user:1']), except: new Set(), flags: { local: true } }, ['league:1']);
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends what it held too long when Redis never hands it back and no outage is seen (a stalled subscriber)', () => {
    jest.useFakeTimers();
    try {
      const mine = pushesInRedisOrder(adapter([])) as unknown as ClassicRedisAdapter;
      push(mine, 1);
      jest.advanceTimersByTime(HOLD_LIMIT_MS);
      expect(delivered).toEqual([]);
      jest.advanceTimersByTime(1000);
      expect(delivered).toEqual([1]);
    } finally {
      jest.useRealTimers();
    }
  });
});
