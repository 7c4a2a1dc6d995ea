import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { MSG } from '@gotnext/shared';
import { loginAccount, type LoginAttempts } from '../throttle/login-attempts';
import { waitText } from '../throttle/wait-text';

const BASE = '/admin/queues';

export interface AdminCredentials {
  user: string;
  password?: string;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const [scheme, encoded] = (header ?? '').split(' ');
  if (scheme !== 'Basic' || !encoded) return null;
  const [user, ...rest] = Buffer.from(encoded, 'base64').toString().split(':');
  return { user: user ?? '', password: rest.join(':') };
}

/**
 * A Fastify onRequest hook that lets only ADMIN_USER / ADMIN_PASSWORD (HTTP Basic) through. A
 * wrong pair counts as a failed login of the admin account from the client's address, through the
 * same throttle as players' logins (docs/accounts.md#throttling): past its limits the answer is
 * 429 with Retry-After, before the password is compared. No header at all is the browser asking
 * for the prompt and is not counted. Without a configured password everyone gets 401.
 */
export function adminAuthHook(admin: AdminCredentials, attempts: LoginAttempts) {
  const deny = (reply: FastifyReply) => reply.header('WWW-Authenticate', 'Basic realm="GotNext admin"').code(401).send({ message: 'Admin credentials required.' });
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const given = basicCredentials(req.headers.authorization);
    if (!given || !admin.password) return void (await deny(reply));
    const gate = await attempts.begin(loginAccount.admin(given.user), req.ip);
    if (!gate.allowed) {
      return void (await reply.header('retry-after', String(gate.retryAfterSeconds)).code(429).send({ message: MSG.tooManyRequestsRetry(waitText(gate.retryAfterSeconds)) }));
    }
    if (!(sameSecret(given.user, admin.user) && sameSecret(given.password, admin.password))) return void (await deny(reply));
    await gate.succeeded();
  };
}

/**
 * bull-board behind the admin credentials. The check is a Fastify hook inside the board's own
 * plugin (Express-style middleware does not run there).
 */
export async function mountBullBoard(fastify: FastifyInstance, queues: Queue[], adminOnly: ReturnType<typeof adminAuthHook>): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BASE);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter });
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', adminOnly);
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: BASE });
  });
}
