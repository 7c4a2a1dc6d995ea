import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/** At most this long after SIGTERM for connections already made to be accepted and their requests read. */
export const SETTLE_MAX_MS = 500;
/** Event-loop turns without a new connection or request that count as settled. */
const QUIET_TURNS = 3;

/**
 * Keep-alive connections during shutdown (docs/architecture.md#processes). Node's server.close()
 * only closes the connections idle at that moment; one whose request was in flight stays open
 * after its answer until the keep-alive timeout (72 s in Fastify), so the process lingered long
 * after SIGTERM. Once shutdown begins, every answer carries `Connection: close`, so each
 * connection ends with the request it is serving, and idle connections are closed.
 *
 * "Idle" to Node is also a connection accepted a moment ago whose request bytes it has not read
 * yet, and a connection still in the kernel's accept queue is reset when the listener closes: 34
 * of 40 requests sent just before SIGTERM were reset. So the idle connections are closed only once
 * the process has settled: a few event-loop turns in a row with no new connection and no new
 * request (at most SETTLE_MAX_MS), by when everything already sent has been accepted and its
 * request has begun (a begun request is not idle and is answered).
 */
export class HttpDrain implements BeforeApplicationShutdown {
  private draining = false;
  private fastify?: FastifyInstance;

  /** Installs the hook; call before the app initialises (Fastify takes hooks only until then). */
  attach(fastify: FastifyInstance): void {
    this.fastify = fastify;
    fastify.addHook('onSend', (_req, reply, payload, done) => {
      if (this.draining) void reply.header('connection', 'close');
      done(null, payload);
    });
  }

  /** Runs first in app.close(), before the server stops listening and the connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    this.draining = true;
    const server = this.fastify?.server;
    if (!server) return;
    await settled(server);
    server.closeIdleConnections();
  }
}

async function settled(server: NonNullable<FastifyInstance['server']>): Promise<void> {
  let events = 0;
  const seen = () => void (events += 1);
  server.on('connection', seen).on('request', seen);
  try {
    const end = Date.now() + SETTLE_MAX_MS;
    for (let quiet = 0, last = -1; quiet < QUIET_TURNS && Date.now() < end; last = events) {
      await new Promise((r) => setImmediate(r));
      quiet = events === last ? quiet + 1 : 0;
    }
  } finally {
    server.off('connection', seen).off('request', seen);
  }
}
