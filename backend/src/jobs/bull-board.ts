import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';

const BASE = '/admin/queues';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * bull-board behind HTTP Basic auth with ADMIN_USER / ADMIN_PASSWORD. The check is a Fastify hook
 * inside the board's own plugin (Express-style middleware does not run there). Without a
 * configured password the board answers 401 to everyone.
 */
export async function mountBullBoard(fastify: FastifyInstance, queues: Queue[], admin: { user: string; password?: string }): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BASE);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter });
  await fastify.register(
    async (scope) => {
      scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const header = req.headers.authorization ?? '';
        const [scheme, encoded] = header.split(' ');
        const [user, ...rest] = Buffer.from(encoded ?? '', 'base64').toString().split(':');
        const ok = scheme === 'Basic' && !!admin.password && sameSecret(user ?? '', admin.user) && sameSecret(rest.join(':'), admin.password);
        if (!ok) {
          await reply.header('WWW-Authenticate', 'Basic realm="GotNext admin"').code(401).send({ message: 'Admin credentials required.' });
        }
      });
      await scope.register(serverAdapter.registerPlugin() as never, { prefix: BASE });
    },
  );
}
