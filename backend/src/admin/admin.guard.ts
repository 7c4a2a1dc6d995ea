import { CanActivate, ExecutionContext, ForbiddenException, HttpException, Injectable, UnauthorizedException } from '@nestjs/common';
import { RetryLaterException } from '../common/retry-later.exception';
import { AdminLogin } from './admin-login';

/**
 * Admin calls (`auth: 'admin'` in the route table) need the operators' credentials as HTTP Basic,
 * throttled like any login (AdminLogin). No WWW-Authenticate header: the ops pages of the SPA ask
 * for the credentials themselves, and a browser would otherwise pop its own dialog over them.
 * Past the credentials, a write must come from the ops screens (docs/api.md#ops-writes).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly login: AdminLogin) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest();
    const verdict = await this.login.check(req.headers.authorization, req.ip);
    if (verdict.ok) {
      const problem = this.login.writeProblem(req);
      if (problem?.status === 403) throw new ForbiddenException({ message: problem.message });
      if (problem) throw new HttpException({ message: problem.message }, problem.status);
      return true;
    }
    if (verdict.status === 429) throw new RetryLaterException(verdict.message, verdict.retryAfterSeconds);
    throw new UnauthorizedException({ message: verdict.message });
  }
}
