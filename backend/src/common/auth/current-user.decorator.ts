import { createParamDecorator, ExecutionContext, ForbiddenException } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import type { AuthenticatedUser } from './authenticated-user';

/** The acting user, from the session the guard checked. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthenticatedUser | undefined => {
  return ctx.switchToHttp().getRequest().user;
});

/**
 * Payload ids such as user_id are accepted for wire compatibility, but one that names somebody
 * else is refused: the acting user comes from the token, never from a payload id (docs/api.md).
 */
export function assertActor(payloadId: unknown, actorId: number): void {
  if (payloadId === undefined || payloadId === null || payloadId === '') return;
  if (Number(payloadId) !== actorId) throw new ForbiddenException({ message: MSG.forbiddenActor });
}
