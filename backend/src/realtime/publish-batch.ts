import type { RedisClient } from '../redis/redis.module';
import { runScript } from '../redis/run-script';

/** Publishes its arguments' (channel, message) pairs in order. */
const PUBLISH_ALL = `
for i = 1, #ARGV, 2 do redis.call('PUBLISH', ARGV[i], ARGV[i + 1]) end
return 0
`;

/** Publishes per script call: a script blocks Redis while it runs, so a few thousand pushes are cut into short ones. */
const PER_CALL = 1000;

/**
 * The worker emitter's publisher (docs/realtime.md#worker-emitter): the pushes made in one turn of
 * the event loop go to Redis as one script call that publishes each of them, in order, on the same
 * channels with the same messages, instead of one PUBLISH (one command, one reply, one promise)
 * each. The rating job pushes one result per seat of its batch, thousands at once; this halved the
 * worker's CPU per push (docs/scaling.md#measured-costs). A lone push is still a plain PUBLISH.
 * Best effort like every push: a failed call is only reported to `onFailure`, never thrown.
 */
export class PublishBatch {
  private pending: (string | Buffer)[] = [];

  constructor(
    private readonly client: RedisClient,
    private readonly onFailure: (err: unknown) => void,
  ) {}

  /** What @socket.io/redis-emitter calls; it never reads the answer. */
  publish(channel: string, message: string | Buffer): Promise<number> {
    if (!this.pending.length) setImmediate(() => this.flush());
    this.pending.push(channel, message);
    return Promise.resolve(0);
  }

  /** Sends what is pending now (also before the client closes). */
  flush(): void {
    const args = this.pending;
    if (!args.length) return;
    this.pending = [];
    for (let i = 0; i < args.length; i += 2 * PER_CALL) {
      const chunk = args.slice(i, i + 2 * PER_CALL);
      // Buffers are sent as they are (node-redis takes either as an argument).
      const sent = chunk.length === 2 ? this.client.publish(chunk[0]!, chunk[1]!) : runScript(this.client, PUBLISH_ALL, [], chunk as string[]);
      sent.catch(this.onFailure);
    }
  }
}
