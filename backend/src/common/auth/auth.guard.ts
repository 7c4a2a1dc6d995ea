import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { Authenticator } from './authenticated-user';

export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/** Requires a live session; the acting user is taken from it and nowhere else (docs/api.md). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly authenticator: Authenticator) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest();
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new UnauthorizedException({ message: MSG.unauthorized });
    const user = await this.authenticator.authenticate(token);
    if (!user) throw new UnauthorizedException({ message: MSG.sessionExpired });
    req.user = user;
    return true;
  }
}

/** Like AuthGuard, but lets anonymous callers through (with no user) for calls that are open to visitors. */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(private readonly authenticator: Authenticator) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest();
    req.user = (await this.authenticator.authenticate(bearerToken(req.headers.authorization))) ?? undefined;
    return true;
  }
}
