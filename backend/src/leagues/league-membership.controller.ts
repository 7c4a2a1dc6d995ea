import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { MSG, type LeagueMembershipResponse, type MessageResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { assertActor, CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { LeagueInviteDto, LeagueMembershipDto } from './dto/leagues.dto';
import { LeagueInvitesService } from './league-invites.service';
import { LeagueMembershipService } from './league-membership.service';

/** Join, leave, invite, decline an invite (docs/leagues.md#membership, docs/leagues.md#invites). */
@Controller('leagues')
@UseGuards(AuthGuard)
export class LeagueMembershipController {
  constructor(
    private readonly membership: LeagueMembershipService,
    private readonly invites: LeagueInvitesService,
  ) {}

  @Post('join')
  @HttpCode(200)
  join(@CurrentUser() actor: AuthenticatedUser, @Body() body: LeagueMembershipDto): Promise<LeagueMembershipResponse> {
    assertActor(body.user_id, actor.id);
    return this.membership.join(actor.id, body.league_id);
  }

  @Post('leave')
  @HttpCode(200)
  leave(@CurrentUser() actor: AuthenticatedUser, @Body() body: LeagueMembershipDto): Promise<LeagueMembershipResponse> {
    assertActor(body.user_id, actor.id);
    return this.membership.leave(actor.id, body.league_id);
  }

  @Post('invite')
  @HttpCode(201)
  async invite(@CurrentUser() actor: AuthenticatedUser, @Body() body: LeagueInviteDto): Promise<MessageResponse> {
    assertActor(body.inviter_id, actor.id);
    await this.invites.invite(actor.id, body.league_id, body.invitee_id);
    return { message: MSG.inviteSent };
  }

  @Post('decline-invite')
  @HttpCode(200)
  async decline(@CurrentUser() actor: AuthenticatedUser, @Body() body: LeagueMembershipDto): Promise<MessageResponse> {
    assertActor(body.user_id, actor.id);
    await this.membership.declineInvite(actor.id, body.league_id);
    return { message: MSG.inviteDeclined };
  }
}
