import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MSG, leagueRights, type LeagueRights } from '@gotnext/shared';
import { LeagueInvitesRepository } from './league-invites.repository';
import { LeaguesRepository, type LeagueRow, type MemberRow } from './leagues.repository';

/** Where a player stands with a league, read from the database for this request (docs/leagues.md#permissions). */
export interface Standing {
  league: LeagueRow;
  /** The player's membership, or null. */
  member: MemberRow | null;
  rights: LeagueRights;
  /** The player's pending invite, or null. */
  invite: { inviter_username: string } | null;
}

export const notFound = () => new NotFoundException({ message: MSG.leagueNotFound });

/**
 * Reads a league and where a player stands with it, on every request, never from the token: a
 * right revoked a moment ago is gone on the next call. A private league is invisible (404, as if
 * there were none) to anyone but its members and invitees (docs/leagues.md#privacy).
 */
@Injectable()
export class LeagueAccess {
  constructor(
    private readonly leagues: LeaguesRepository,
    private readonly invites: LeagueInvitesRepository,
  ) {}

  /** With `lock`, the league row is held for the rest of the caller's transaction (see LeaguesRepository.lock). */
  async standing(leagueId: number, userId: number | null, m?: EntityManager, lock?: 'update' | 'share'): Promise<Standing> {
    const league = lock ? await this.leagues.lock(leagueId, lock, m!) : await this.leagues.find(leagueId, m);
    if (!league) throw notFound();
    const member = userId === null ? null : await this.leagues.membership(leagueId, userId, m);
    const invite = userId === null || member ? null : await this.invites.pendingFor(leagueId, userId, m);
    if (league.is_private && !member && !invite) throw notFound();
    return { league, member, invite, rights: leagueRights(league, userId, member) };
  }

  /** Like standing, for what only members may do: a visible league's non-member gets 403. */
  async asMember(leagueId: number, userId: number, m?: EntityManager, lock?: 'update' | 'share'): Promise<Standing & { member: MemberRow }> {
    const standing = await this.standing(leagueId, userId, m, lock);
    if (!standing.member) throw new ForbiddenException({ message: MSG.leagueMembersOnly });
    return standing as Standing & { member: MemberRow };
  }
}
