import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG, type LeagueMembershipResponse } from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { UsersRepository } from '../users/users.repository';
import { LeagueAccess } from './league-access';
import { LeagueInvitesRepository } from './league-invites.repository';
import { toMemberView } from './league-view';
import { LeaguesRepository, type LeagueRow } from './leagues.repository';

/**
 * Joining and leaving a league, and declining an invite (docs/leagues.md#membership). Every change
 * holds the league row, so joins, leaves and settings changes of one league apply one after
 * another; the (league, player) key stands behind a double join.
 */
@Injectable()
export class LeagueMembershipService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly leagues: LeaguesRepository,
    private readonly invites: LeagueInvitesRepository,
    private readonly access: LeagueAccess,
    private readonly users: UsersRepository,
  ) {}

  /** A private league only through a pending invite (which joining uses up); verified_players_only refuses unverified players. */
  async join(actorId: number, leagueId: number): Promise<LeagueMembershipResponse> {
    return this.uow.run(async (tx) => {
      // A private league is not found at all without a membership or a pending invite.
      const { league, member } = await this.access.standing(leagueId, actorId, tx.manager, 'update');
      if (member) throw new ConflictException({ message: MSG.alreadyLeagueMember });
      if (league.verified_players_only && !(await this.users.isVerified(actorId, tx.manager))) throw new ForbiddenException({ message: MSG.leagueVerifiedOnly });
      await this.leagues.addMember(leagueId, actorId, tx.manager);
      await this.invites.remove(leagueId, actorId, tx.manager);
      tx.emit('league.changed', { leagueId });
      const joined = (await this.leagues.membership(leagueId, actorId, tx.manager))!;
      return { message: MSG.leagueJoined, member: toMemberView(league, joined) };
    });
  }

  async leave(actorId: number, leagueId: number): Promise<LeagueMembershipResponse> {
    return this.uow.run(async (tx) => {
      const { league, member } = await this.access.standing(leagueId, actorId, tx.manager, 'update');
      if (!member) throw new ConflictException({ message: MSG.notLeagueMember });
      await this.depart(tx, league, actorId);
      return { message: MSG.leagueLeft, member: toMemberView(league, member) };
    });
  }

  async declineInvite(actorId: number, leagueId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      if (!(await this.invites.remove(leagueId, actorId, tx.manager))) throw new NotFoundException({ message: MSG.inviteNotFound });
      tx.emit('league.changed', { leagueId });
    });
  }

  /** A deleted account leaves every league (handing over those it ran) and its pending invites go. */
  async removeDeletedPlayer(userId: number): Promise<void> {
    for (const leagueId of await this.leagues.leagueIdsOf(userId)) {
      await this.uow.run(async (tx) => {
        const league = await this.leagues.lock(leagueId, 'update', tx.manager);
        if (league) await this.depart(tx, league, userId);
      });
    }
    await this.uow.run((tx) => this.invites.removeAllTo(userId, tx.manager));
  }

  /**
   * `userId` stops being a member (docs/leagues.md#when-the-creator-leaves): an administrator who
   * leaves hands the league to the longest-standing remaining member; a league with no member left
   * is archived, never deleted. Their sockets leave the league's room on every instance.
   */
  private async depart(tx: Tx, league: LeagueRow, userId: number): Promise<void> {
    await this.leagues.removeMember(league.id, userId, tx.manager);
    const successor = await this.leagues.longestStanding(league.id, tx.manager);
    if (successor === null) {
      await this.leagues.archive(league.id, tx.manager);
      await this.invites.removeAllOf(league.id, tx.manager);
    } else if (league.creator_id === userId) {
      await this.leagues.setAdministrator(league.id, successor, tx.manager);
    }
    tx.emit('league.member-left', { leagueId: league.id, userId });
    tx.emit('league.changed', { leagueId: league.id });
  }
}
