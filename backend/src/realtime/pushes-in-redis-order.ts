/** What this file touches of the classic Redis adapter (@socket.io/redis-adapter 8's RedisAdapter). */
export interface ClassicRedisAdapter {
  uid: string;
  /** `{key}#{namespace}#`: a broadcast to one room goes to `channel + room + '#'`, any other to `channel`. */
  channel: string;
  nsp: { name: string };
  pubClient: { publish(channel: string, message: Buffer | Uint8Array): Promise<unknown> };
  parser: { encode(value: unknown): Buffer | Uint8Array };
  onmessage(pattern: unknown, channel: unknown, msg: unknown): void;
  broadcast(packet: BroadcastPacket, opts: BroadcastOptions): void;
  addSockets(opts: BroadcastOptions, rooms: string[]): void;
  delSockets(opts: BroadcastOptions, rooms: string[]): void;
  disconnectSockets(opts: BroadcastOptions, close: boolean): void;
}
interface BroadcastPacket {
  nsp?: string;
}
interface BroadcastOptions {
  rooms: Set<string>;
  except?: Set<string>;
  flags?: { local?: boolean };
}

/** The adapter, ordered: `lastPublish` settles once Redis has taken every push issued so far. */
export interface OrderedAdapter {
  lastPublish: Promise<unknown>;
}

/** A push of this instance waiting for Redis to hand it back before it reaches the local sockets. */
interface Held {
  /** When it was published (Date.now()). */
  at: number;
  message: Buffer;
  packet: BroadcastPacket;
  opts: BroadcastOptions;
}

const TAKEN = Promise.resolve();
/** A push held longer than this goes out anyway: a subscriber that stalls without an error must not silence its instance. */
export const HOLD_LIMIT_MS = 2000;

/**
 * Every instance, the one that pushed included, delivers the pushes in the order Redis handed them
 * out (docs/realtime.md#order-across-instances). The classic adapter delivers its own pushes to
 * the sockets of its instance at once, and those of other instances when they arrive from Redis,
 * so a player's second message, sent through another instance, could reach a socket there before
 * the first one still on its way from Redis (bench/chat.bench.mjs counted it out of order). Here a
 * push is published as the classic adapter publishes it (same channel, same bytes) and held; when
 * Redis hands it back (on the pattern subscription, between the other instances' pushes in Redis'
 * order) it goes to the local sockets. Recognising its own push costs a comparison of the first
 * bytes, as before nothing of it is decoded. `lastPublish` is the PUBLISH of the latest push: the
 * event bus waits for it before a change is answered, so a later change through any instance is
 * published after it.
 *
 * Anything done only here (`local`: the outage's `system:degraded`, a member's local leave) first
 * delivers what is held, so nothing overtakes it on this instance. A held push Redis never hands
 * back (its PUBLISH failed) goes out with the next one that comes back, or with that first local
 * operation: the outage (redis-outage.ts) always makes one. A subscriber that stalls without an
 * error (no outage is seen) would hold them for good: what is held longer than HOLD_LIMIT_MS goes
 * out unordered, as the classic adapter would have sent it, checked every second.
 */
export function pushesInRedisOrder<A extends object>(adapter: A): A & OrderedAdapter {
  const classic = adapter as unknown as ClassicRedisAdapter & OrderedAdapter;
  // The in-memory adapter's own methods (what `super.broadcast` etc. reach from the classic one).
  const memory = Object.getPrototypeOf(Object.getPrototypeOf(classic)) as ClassicRedisAdapter;
  // `[uid, 0, 0]` encoded ends with the two one-byte zeros; what comes before them (the array's
  // header and the uid) is how every message this adapter publishes begins.
  const probe = Buffer.from(classic.parser.encode([classic.uid, 0, 0]));
  const own = probe.subarray(0, probe.length - 2);
  let held: Held[] = [];
  classic.lastPublish = TAKEN;

  const deliver = (push: Held) => memory.broadcast.call(classic, push.packet, push.opts);
  const deliverHeld = () => {
    if (!held.length) return;
    const pushes = held;
    held = [];
    pushes.forEach(deliver);
  };

  classic.broadcast = function (packet, opts) {
    packet.nsp = this.nsp.name;
    if (opts.flags?.local) {
      deliverHeld();
      return memory.broadcast.call(this, packet, opts);
    }
    // As RedisAdapter.broadcast publishes (the other instances and the worker's emitter decode it).
    const raw = { rooms: [...opts.rooms], except: [...new Set(opts.except)], flags: opts.flags };
    const encoded = this.parser.encode([this.uid, packet, raw]);
    const message = Buffer.isBuffer(encoded) ? encoded : Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
    const channel = opts.rooms.size === 1 ? `${this.channel}${opts.rooms.values().next().value}#` : this.channel;
    held.push({ at: Date.now(), message, packet, opts });
    this.lastPublish = this.pubClient.publish(channel, message);
  };

  const onmessage = classic.onmessage;
  classic.onmessage = function (pattern, channel, msg) {
    if (!(Buffer.isBuffer(msg) && msg.length > own.length && msg.compare(own, 0, own.length, 0, own.length) === 0)) {
      return onmessage.call(this, pattern, channel, msg);
    }
    // Its own push back from Redis: it, and any held before it whose PUBLISH failed, go out now.
    const at = held.findIndex((h) => h.message.equals(msg));
    if (at < 0) return;
    const pushes = held.splice(0, at + 1);
    pushes.forEach(deliver);
  };

  setInterval(() => {
    if (held.length && Date.now() - held[0]!.at > HOLD_LIMIT_MS) deliverHeld();
  }, 1000).unref();

  // A local membership change or disconnect happens after what this instance pushed before it.
  for (const name of ['addSockets', 'delSockets', 'disconnectSockets'] as const) {
    const original = classic[name] as (opts: BroadcastOptions, arg: unknown) => void;
    (classic[name] as (opts: BroadcastOptions, arg: unknown) => void) = function (this: ClassicRedisAdapter, opts, arg) {
      if (opts.flags?.local) deliverHeld();
      return original.call(this, opts, arg);
    };
  }
  return classic as unknown as A & OrderedAdapter;
}
