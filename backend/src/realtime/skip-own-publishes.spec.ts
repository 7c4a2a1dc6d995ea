import { RedisAdapter } from '@socket.io/redis-adapter';
import { Emitter } from '@socket.io/redis-emitter';
import { Encoder } from 'socket.io-parser';
import { skipOwnPublishes, type ClassicRedisAdapter } from './skip-own-publishes';

/** A Redis client that only records what is published (the adapter and the emitter need no more here). */
function recordingClient(published: Buffer[]) {
  return {
    pSubscribe: () => Promise.resolve(),
    subscribe: () => Promise.resolve(),
    on: () => undefined,
    publish: (_channel: string, msg: Buffer) => (published.push(Buffer.from(msg)), Promise.resolve(0)),
  };
}

/** A classic adapter of the namespace '/', with no socket of its own, recording its publishes. */
function adapter(published: Buffer[]): RedisAdapter {
  const client = recordingClient(published);
  const nsp = { name: '/', server: { encoder: new Encoder() }, sockets: new Map() };
  return new RedisAdapter(nsp as never, client, client, { key: 'test' });
}

const push = (a: RedisAdapter): void =>
  a.broadcast({ type: 2, data: ['message:new', { id: 1, message: 'hi' }], nsp: '/' } as never, { rooms: new Set(['user:1', 'user:2']), except: new Set() } as never);

describe('an instance drops its own pushes coming back from Redis undecoded (docs/realtime.md#fan-out)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('hands the adapter another instance’s and the worker’s pushes, never its own', () => {
    const handled = jest.spyOn(RedisAdapter.prototype as unknown as ClassicRedisAdapter, 'onmessage').mockImplementation(() => undefined);
    const published: Buffer[] = [];
    const mine = skipOwnPublishes(adapter(published));
    const other = adapter(published);
    push(mine);
    push(other);
    new Emitter(recordingClient(published) as never, { key: 'test' }).to('user:1').emit('message:new', { id: 2 });
    expect(published).toHaveLength(3);
    const channel = Buffer.from('test#/#');
    for (const msg of published) (mine as unknown as ClassicRedisAdapter).onmessage(null, channel, msg);
    expect(handled.mock.calls.map(([, , msg]) => msg)).toEqual([published[1], published[2]]);
  });
});
