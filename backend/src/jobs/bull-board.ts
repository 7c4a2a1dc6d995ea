import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const BASE = '/admin/queues';

/**
 * bull-board behind the operators' login (`adminOnly`: AdminLogin's browser hook, throttled like
 * any login). The check is a Fastify hook inside the board's own plugin (Express-style middleware
 * does not run there). Without a configured password the board answers 401 to everyone.
 */
export async function mountBullBoard(fastify: FastifyInstance, queues: Queue[], adminOnly: (req: FastifyRequest, reply: FastifyReply) => Promise<void>): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BASE);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter });
  await fastify.register(async (scope) => {
    // The board is browsed directly, so here the browser's own dialog is the login.
    scope.addHook('onRequest', adminOnly);
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: BASE });
  });
}
