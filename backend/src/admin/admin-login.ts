import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { loginAccount, LoginAttempts } from '../throttle/login-attempts';
import { waitText } from '../throttle/wait-text';
import { basicCredentials, isAdminAuthorization } from './admin-credentials';
import { allowedOrigins } from '../common/http/allowed-origins';
import { browserWriteProblem, opsWriteProblem, type OpsWriteProblem } from './ops-write';

export type AdminVerdict = { ok: true } | { ok: false; status: 401; message: string } | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * The operators' login with the same throttle as players' logins (docs/accounts.md#throttling):
 * a wrong pair counts as a failed login of the admin account from the client's address, and past
 * the limits the answer is 429 with the wait, before the password is compared. A request with no
 * credentials at all (a browser about to show its dialog, a page asking whether it is signed in)
 * is not counted. The one check behind AdminGuard, the job board and the API docs.
 */
@Injectable()
export class AdminLogin {
  private readonly origins: ReadonlySet<string>;

  constructor(
    private readonly attempts: LoginAttempts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.origins = allowedOrigins(config);
  }

  /** A write that the ops screens did not make is refused, even with the right credentials (./ops-write.ts). */
  writeProblem(req: FastifyRequest): OpsWriteProblem {
    return opsWriteProblem(req, this.origins);
  }

  async check(header: unknown, address: string): Promise<AdminVerdict> {
    const refused = { ok: false, status: 401, message: MSG.adminCredentialsRequired } as const;
    const given = basicCredentials(header);
    if (!given || !this.config.ADMIN_PASSWORD) return refused;
    const gate = await this.attempts.begin(loginAccount.admin(given.user), address);
    if (!gate.allowed) return { ok: false, status: 429, message: MSG.tooManyRequestsRetry(waitText(gate.retryAfterSeconds)), retryAfterSeconds: gate.retryAfterSeconds };
    if (!isAdminAuthorization(header, { user: this.config.ADMIN_USER, password: this.config.ADMIN_PASSWORD })) return refused;
    await gate.succeeded();
    return { ok: true };
  }

  /**
   * A Fastify onRequest hook for pages browsed directly (the job board, the API docs): there the
   * browser's own dialog is the login, so a refusal asks for it (WWW-Authenticate).
   */
  browserHook() {
    return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const verdict = await this.check(req.headers.authorization, req.ip);
      const problem = verdict.ok ? browserWriteProblem(req, this.origins) : null;
      if (problem) return void (await reply.code(problem.status).send({ message: problem.message }));
      if (verdict.ok) return;
      if (verdict.status === 429) void reply.header('retry-after', String(verdict.retryAfterSeconds));
      else void reply.header('WWW-Authenticate', 'Basic realm="GotNext admin"');
      await reply.code(verdict.status).send({ message: verdict.message });
    };
  }
}
