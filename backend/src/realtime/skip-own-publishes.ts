/** What this file touches of the classic Redis adapter (@socket.io/redis-adapter's RedisAdapter). */
export interface ClassicRedisAdapter {
  uid: string;
  parser: { encode(value: unknown): Buffer | Uint8Array };
  onmessage(pattern: unknown, channel: unknown, msg: unknown): void;
}

/**
 * An instance drops its own pushes when Redis hands them back before it decodes them
 * (docs/realtime.md#fan-out). The classic adapter publishes every push to a channel its own
 * subscription matches too, then decodes the whole message (msgpack: `[uid, packet, opts]`) only
 * to see its own uid and drop it: on one instance that was every push decoded for nothing
 * (bench/chat.bench.mjs). The message starts with its uid, so comparing those few bytes is
 * enough; every other message (another instance's, the worker's emitter's, which has no uid of
 * ours) goes to the adapter's own handling unchanged.
 */
export function skipOwnPublishes<A extends object>(adapter: A): A {
  const classic = adapter as unknown as ClassicRedisAdapter;
  if (typeof classic.uid !== 'string' || typeof classic.onmessage !== 'function' || !classic.parser) return adapter;
  // `[uid, 0, 0]` encoded ends with the two one-byte zeros; what comes before them (the array's
  // header and the uid) is how every message this adapter publishes begins.
  const probe = Buffer.from(classic.parser.encode([classic.uid, 0, 0]));
  const own = probe.subarray(0, probe.length - 2);
  const onmessage = classic.onmessage;
  classic.onmessage = function (pattern, channel, msg) {
    if (Buffer.isBuffer(msg) && msg.length > own.length && msg.compare(own, 0, own.length, 0, own.length) === 0) return;
    onmessage.call(this, pattern, channel, msg);
  };
  return adapter;
}
