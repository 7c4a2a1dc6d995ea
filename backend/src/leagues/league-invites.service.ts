import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG, NOTIFICATION_TYPES } from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { Notifier } from '../notifications/notifier';
import { LeagueAccess } from './league-access';
import { LeagueInvitesRepository } from './league-invites.repository';
import { LeaguesRepository } from './leagues.repository';
import { DailyLimits } from '../throttle/daily-limits';

/**
 * Invites (docs/leagues.md#invites): by members who hold allow_invites (everyone while
 * allow_members_invite is on), one pending invite per league and player, never across a block nor
 * to a member; the invitee gets a `league_invite` notification, pushed once committed.
 */
@Injectable()
export class LeagueInvitesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: LeagueAccess,
    private readonly leagues: LeaguesRepository,
    private readonly invites: LeagueInvitesRepository,
    private readonly notifier: Notifier,
    private readonly daily: DailyLimits,
  ) {}

  async invite(actorId: number, leagueId: number, inviteeId: number): Promise<void> {
    if (inviteeId === actorId) throw new BadRequestException({ message: MSG.cannotInviteSelf });
    // At most LEAGUE_DAILY_LIMITS.invitesSent a day, over every league (docs/leagues.md#daily-limits).
    await this.daily.within('invitesSent', actorId, () => this.sendInvite(actorId, leagueId, inviteeId));
  }

  private async sendInvite(actorId: number, leagueId: number, inviteeId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      // FOR SHARE: invites run side by side, but not across a settings change that revokes the right.
      const { league, member, rights } = await this.access.standing(leagueId, actorId, tx.manager, 'share');
      if (!member || !rights.allow_invites) throw new ForbiddenException({ message: MSG.noInvitePermission });
      const invitee = await this.invites.invitee(actorId, inviteeId, tx.manager);
      if (!invitee) throw new NotFoundException({ message: MSG.playerNotFound });
      if (invitee.blocked) throw new ForbiddenException({ message: MSG.inviteRefused });
      if (await this.leagues.membership(leagueId, inviteeId, tx.manager)) throw new ConflictException({ message: MSG.inviteeAlreadyMember });
      const inviteId = await this.invites.insert(leagueId, actorId, inviteeId, tx.manager);
      if (inviteId === null) throw new ConflictException({ message: MSG.alreadyInvited });
      await this.notifier.notify(tx, [
        {
          userId: inviteeId,
          type: NOTIFICATION_TYPES.leagueInvite,
          message: MSG.leagueInviteNotice(member.username, league.name),
          leagueId,
          relatedId: inviteId,
        },
      ]);
      tx.emit('league.changed', { leagueId });
    });
  }
}
