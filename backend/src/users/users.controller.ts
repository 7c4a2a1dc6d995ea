import { Controller, Get, UseGuards } from '@nestjs/common';
import type { UserResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { UsersRepository } from './users.repository';
import { toUserView } from './user.view';
@Controller()
export class UsersController {
  constructor(private readonly users: UsersRepository) {}

  /** The caller's own account. */
  @Get('user')
  @UseGuards(AuthGuard)
  async me(@CurrentUser() actor: AuthenticatedUser): Promise<UserResponse> {
    return { user: toUserView(await this.users.getActive(actor.id)) };
  }
}
