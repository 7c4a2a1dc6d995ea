import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/**
 * Keep-alive connections during shutdown (docs/architecture.md#processes). Node's server.close()
 * only closes the connections idle at that moment; one whose request was in flight stays open
 * after its answer until the keep-alive timeout (72 s in Fastify), so the process lingered long
 * after SIGTERM. Once shutdown begins, idle connections are closed at once and every answer
 * carries `Connection: close`, so each connection ends with the request it is serving.
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
  beforeApplicationShutdown(): void {
    this.draining = true;
    this.fastify?.server.closeIdleConnections();
  }
}
