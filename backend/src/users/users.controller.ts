import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { UserResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/sessions.service';
import { UsersService } from './users.service';
import { toUserView } from './user.view';

@ApiTags('account')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The caller's own account. */
  @Get('user')
  @UseGuards(AuthGuard)
  async me(@CurrentUser() actor: AuthenticatedUser): Promise<UserResponse> {
    return { user: toUserView(await this.users.getActive(actor.id)) };
  }
}
