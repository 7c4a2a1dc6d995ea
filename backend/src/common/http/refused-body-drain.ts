import type { FastifyInstance } from 'fastify';

/** How much of a refused body is still read (and dropped) so its sender can read the answer. */
export const REFUSED_BODY_DRAIN_BYTES = 16 * 1024 * 1024;
/** And for how long at most: a client that trickles is cut off. */
export const REFUSED_BODY_DRAIN_MS = 10_000;

/**
 * A body over the limit is refused (413) before it is read, and Fastify marks the answer
 * `Connection: close`. Closed while the client is still sending, the socket resets: the client
 * gets EPIPE/ECONNRESET on its next write and often never reads the 413 (most clients read only
 * once they have sent). So the 413 leaves at once but the connection stays: the rest of the body
 * is read and dropped (HTTP framing keeps the connection usable after it), and only a sender that
 * goes beyond a cap of bytes or time is cut off (docs/api.md#errors). Registered before HttpDrain's
 * hook, so a shutdown still closes the connection.
 */
export function drainRefusedBodies(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (req, reply, payload, done) => {
    const raw = req.raw;
    if (reply.statusCode === 413 && !raw.complete && !raw.destroyed) {
      void reply.removeHeader('connection');
      let seen = 0;
      const cutOff = () => {
        stop();
        raw.socket?.destroy();
      };
      const count = (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > REFUSED_BODY_DRAIN_BYTES) cutOff();
      };
      const stop = () => {
        clearTimeout(timer);
        raw.off('data', count).off('end', stop).off('close', stop);
      };
      const timer = setTimeout(cutOff, REFUSED_BODY_DRAIN_MS);
      raw.on('data', count).once('end', stop).once('close', stop);
      raw.resume();
    }
    done(null, payload);
  });
}
