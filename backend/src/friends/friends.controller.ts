import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { MSG, type FriendsResponse, type FriendStatusResponse, type MessageResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { FriendRequestIdDto, FriendUserDto } from './dto/friends.dto';
import { FriendsService } from './friends.service';
import { playerIdOf } from './player-id';

/** The friends calls (docs/social.md#friends). The acting player is the token's. */
@Controller('friends')
@UseGuards(AuthGuard)
export class FriendsController {
  constructor(private readonly friends: FriendsService) {}

  @Get()
  list(@CurrentUser() actor: AuthenticatedUser): Promise<FriendsResponse> {
    return this.friends.list(actor.id);
  }

  /** A value that names no player is 'unknown', like a deleted one. */
  @Get('status/:userId')
  async status(@CurrentUser() actor: AuthenticatedUser, @Param('userId') raw: string): Promise<FriendStatusResponse> {
    const id = playerIdOf(raw);
    return id === null ? { status: 'unknown', request_id: null } : this.friends.status(actor.id, id);
  }

  @Post('request')
  @HttpCode(200)
  async request(@CurrentUser() actor: AuthenticatedUser, @Body() body: FriendUserDto): Promise<MessageResponse> {
    return { message: await this.friends.request(actor.id, body.userId) };
  }

  @Delete('remove')
  async remove(@CurrentUser() actor: AuthenticatedUser, @Body() body: FriendUserDto): Promise<MessageResponse> {
    await this.friends.remove(actor.id, body.userId);
    return { message: MSG.friendRemoved };
  }

  @Post('accept')
  @HttpCode(200)
  async accept(@CurrentUser() actor: AuthenticatedUser, @Body() body: FriendRequestIdDto): Promise<MessageResponse> {
    await this.friends.accept(actor.id, body.requestId);
    return { message: MSG.friendRequestAccepted };
  }

  @Delete('decline')
  async decline(@CurrentUser() actor: AuthenticatedUser, @Body() body: FriendRequestIdDto): Promise<MessageResponse> {
    await this.friends.decline(actor.id, body.requestId);
    return { message: MSG.friendRequestDeclined };
  }
}
