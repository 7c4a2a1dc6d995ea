import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { isAdminAuthorization } from './admin-credentials';

/**
 * Admin calls (`auth: 'admin'` in the route table) need the operators' credentials as HTTP Basic.
 * No WWW-Authenticate header: the ops pages of the SPA ask for the credentials themselves, and a
 * browser would otherwise pop its own dialog over them.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest();
    if (!isAdminAuthorization(req.headers.authorization, { user: this.config.ADMIN_USER, password: this.config.ADMIN_PASSWORD })) {
      throw new UnauthorizedException({ message: MSG.adminCredentialsRequired });
    }
    return true;
  }
}
