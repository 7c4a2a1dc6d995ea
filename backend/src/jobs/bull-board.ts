import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdminAuthorization, type AdminCredentials } from '../admin/admin-credentials';
import { MSG } from '@gotnext/shared';

const BASE = '/admin/queues';

/**
 * bull-board behind HTTP Basic auth with ADMIN_USER / ADMIN_PASSWORD. The check is a Fastify hook
 * inside the board's own plugin (Express-style middleware does not run there). Without a
 * configured password the board answers 401 to everyone.
 */
export async function mountBullBoard(fastify: FastifyInstance, queues: Queue[], admin: AdminCredentials): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BASE);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter });
  await fastify.register(
    async (scope) => {
      scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        // The board is browsed directly, so here the browser's own dialog is the login.
        if (!isAdminAuthorization(req.headers.authorization, admin)) {
          await reply.header('WWW-Authenticate', 'Basic realm="GotNext admin"').code(401).send({ message: MSG.adminCredentialsRequired });
        }
      });
      await scope.register(serverAdapter.registerPlugin() as never, { prefix: BASE });
    },
  );
}
