import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LEAGUE_SEARCH_LIMIT, MSG, leagueNameProblem, normalizeLeagueName, type League, type LeagueSummary } from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { LeagueAccess } from './league-access';
import { LeagueInvitesRepository } from './league-invites.repository';
import { toLeagueView } from './league-view';
import { LeaguesRepository } from './leagues.repository';
import { DailyLimits } from '../throttle/daily-limits';

/** Creating leagues, finding them, and a league as one player sees it (docs/leagues.md). */
@Injectable()
export class LeaguesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly leagues: LeaguesRepository,
    private readonly invites: LeagueInvitesRepository,
    private readonly access: LeagueAccess,
    private readonly daily: DailyLimits,
  ) {}

  /** The caller becomes the administrator and first member; names are unique among live leagues, whatever the case. */
  async create(actorId: number, rawName: unknown, isPrivate: boolean): Promise<League> {
    const problem = leagueNameProblem(rawName);
    if (problem) throw new BadRequestException({ message: problem });
    // At most LEAGUE_DAILY_LIMITS.leaguesCreated a day (docs/leagues.md#daily-limits).
    return this.daily.within('leaguesCreated', actorId, () =>
      this.uow.run(async (tx) => {
        const id = await this.leagues.insert(normalizeLeagueName(rawName as string), actorId, isPrivate, tx.manager);
        if (id === null) throw new ConflictException({ message: MSG.leagueNameTaken });
        return this.view(id, actorId, tx.manager);
      }),
    );
  }

  search(query: unknown, viewerId: number | null): Promise<LeagueSummary[]> {
    const q = typeof query === 'string' ? normalizeLeagueName(query).toLowerCase().slice(0, 100) : '';
    return this.leagues.search(q, LEAGUE_SEARCH_LIMIT, viewerId);
  }

  mine(userId: number): Promise<LeagueSummary[]> {
    return this.leagues.leaguesOf(userId);
  }

  /** The league as `viewerId` (null: a visitor) may see it; 404 for a private league they are not in nor invited to. */
  async view(leagueId: number, viewerId: number | null, m?: EntityManager): Promise<League> {
    const standing = await this.access.standing(leagueId, viewerId, m);
    const members = await this.leagues.members(leagueId, m);
    const pending = standing.rights.allow_invites ? await this.invites.invitees(leagueId, m) : [];
    return toLeagueView(standing, members, pending);
  }
}
