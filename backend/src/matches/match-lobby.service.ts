import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  DEFAULT_SCORING_TYPE, isMatchType, isScoringType, MSG, teamSize,
  type CreateMatchResponse, type JoinMatchResponse, type JoinTeamResponse, type MatchDetails, type MatchType, type MatchTypeResponse, type StartMatchResponse,
} from '@gotnext/shared';
import type { EntityManager } from 'typeorm';
import { UnitOfWork } from '../database/unit-of-work';
import { UsersRepository } from '../users/users.repository';
import { newMatchCode, normalizeMatchCode } from './match-code';
import { firstTeamWithRoom, otherSide, playersNeeded } from './match-rules';
import { MatchesRepository, teamOf } from './matches.repository';
import { toMatchDetails, withLobbyFacts } from './match-view';

/** Creating, joining and starting matches: the lobby half of a match's life (docs/matches.md). */
@Injectable()
export class MatchLobbyService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly matches: MatchesRepository,
    private readonly users: UsersRepository,
  ) {}

  async create(actorId: number, type: string, ranked: boolean, scoring: string | undefined): Promise<CreateMatchResponse> {
    if (!isMatchType(type)) throw new BadRequestException({ message: MSG.invalidMatchType });
    const scoringType = scoring ?? DEFAULT_SCORING_TYPE;
    if (!isScoringType(scoringType)) throw new BadRequestException({ message: MSG.invalidScoringType });
    return this.uow.run(async ({ manager }) => {
      if (ranked && !(await this.users.isVerified(actorId, manager))) throw new ForbiddenException({ message: MSG.rankedCreateNeedsVerification });
      // A clash with an open match's code is caught by the partial unique index; try a fresh code.
      for (let attempt = 0; ; attempt += 1) {
        const code = newMatchCode();
        const id = await this.matches.insert({ code, type, scoring: scoringType, ranked, creatorId: actorId }, manager);
        if (id !== null) return { match_id: id, match_code: code, message: MSG.matchCreated };
        if (attempt > 20) throw new ConflictException({ message: MSG.tryAgain });
      }
    });
  }

  /** The newest match with this code, preferring one that is still open. */
  private async findByCode(input: unknown, m?: EntityManager): Promise<{ id: number; match_type: MatchType }> {
    const code = normalizeMatchCode(input);
    const found = code ? await this.matches.findByCode(code, m) : null;
    if (!found) throw new NotFoundException({ message: MSG.matchNotFound });
    return found;
  }

  async matchType(code: unknown): Promise<MatchTypeResponse> {
    const found = await this.findByCode(code);
    return { match_type: found.match_type };
  }

  async join(actorId: number, type: string, code: string): Promise<JoinMatchResponse> {
    if (!isMatchType(type)) throw new BadRequestException({ message: MSG.invalidMatchType });
    return this.uow.run(async (tx) => {
      const found = await this.findByCode(code, tx.manager);
      if (found.match_type !== type) throw new BadRequestException({ message: MSG.invalidMatchType });
      // The row lock makes joins to one match queue up: the count below cannot go stale.
      const match = await this.matches.lock(found.id, tx.manager);
      const players = await this.matches.playersOf(match.id, tx.manager);
      if (players.some((p) => p.user_id === actorId)) throw new ConflictException({ message: MSG.alreadyInMatch });
      if (match.status === 'ready') throw new ConflictException({ message: MSG.matchFull });
      if (match.status !== 'waiting') throw new ConflictException({ message: MSG.matchNotOpen });
      if (match.ranked && !(await this.users.isVerified(actorId, tx.manager))) throw new ForbiddenException({ message: MSG.rankedNeedsVerification });
      const side = firstTeamWithRoom(match.matchType, teamOf(players, 'A').length, teamOf(players, 'B').length);
      if (!side) throw new ConflictException({ message: MSG.matchFull });
      await this.matches.addPlayer(match.id, actorId, side, tx.manager);
      const full = playersNeeded(match.matchType, players.length + 1) === 0;
      if (full) await this.matches.markReady(match.id, tx.manager);
      tx.emit('match.changed', { matchId: match.id, status: full ? 'ready' : 'waiting' });
      return { match_id: match.id, message: MSG.matchJoined };
    });
  }

  async details(actorId: number, matchId: number): Promise<MatchDetails> {
    const match = await this.matches.get(matchId);
    const players = await this.matches.playersOf(matchId);
    if (!players.some((p) => p.user_id === actorId)) throw new ForbiddenException({ message: MSG.notInMatch });
    const reports = await this.matches.reportsOf(matchId, 'report');
    return withLobbyFacts(toMatchDetails(match, players, actorId, { A: !!reports.A, B: !!reports.B }), await this.matches.lobbyFacts(matchId), actorId);
  }

  /**
   * Change Team: moves the caller to the other team if it has room. A creator who is on neither
   * team (never the case for matches made here, but the screen asks for it) is placed on the
   * first team with room.
   */
  async changeTeam(actorId: number, matchId: number): Promise<JoinTeamResponse> {
    return this.uow.run(async (tx) => {
      const match = await this.matches.lock(matchId, tx.manager);
      const players = await this.matches.playersOf(matchId, tx.manager);
      const me = players.find((p) => p.user_id === actorId);
      if (!me && match.creatorId !== actorId) throw new ForbiddenException({ message: MSG.notInMatch });
      if (match.matchType === '1v1') throw new BadRequestException({ message: MSG.noTeamsIn1v1 });
      if (match.status !== 'waiting' && match.status !== 'ready') throw new ConflictException({ message: MSG.teamChangeClosed });
      const size = teamSize(match.matchType);
      const count = (side: 'A' | 'B') => players.filter((p) => p.team === side).length;
      let now = players;
      let status = match.status;
      if (me) {
        const target = otherSide(me.team);
        if (count(target) >= size) throw new ConflictException({ message: MSG.teamFull });
        await this.matches.movePlayer(matchId, actorId, target, tx.manager);
        now = players.map((p) => (p.user_id === actorId ? { ...p, team: target } : p));
      } else {
        const side = firstTeamWithRoom(match.matchType, count('A'), count('B'));
        if (!side) throw new ConflictException({ message: MSG.matchFull });
        await this.matches.addPlayer(matchId, actorId, side, tx.manager);
        if (playersNeeded(match.matchType, players.length + 1) === 0) {
          await this.matches.markReady(matchId, tx.manager);
          status = 'ready';
        }
        now = await this.matches.playersOf(matchId, tx.manager);
      }
      tx.emit('match.changed', { matchId, status });
      const teamA = teamOf(now, 'A');
      const teamB = teamOf(now, 'B');
      return { message: MSG.teamChanged, teamA, team_a: teamA, teamB, team_b: teamB };
    });
  }

  /** Only the creator starts, only a ready match (both teams full), and only once. */
  async start(actorId: number, matchId: number): Promise<StartMatchResponse> {
    return this.uow.run(async (tx) => {
      const match = await this.matches.lock(matchId, tx.manager);
      if (match.creatorId !== actorId) throw new ForbiddenException({ message: MSG.onlyCreatorStarts });
      const players = await this.matches.playersOf(matchId, tx.manager);
      const size = teamSize(match.matchType);
      const full = teamOf(players, 'A').length === size && teamOf(players, 'B').length === size;
      if (match.status !== 'ready' || !full) throw new ConflictException({ message: MSG.matchNotReady });
      await this.matches.markStarted(matchId, tx.manager);
      tx.emit('match.changed', { matchId, status: 'in-progress' });
      tx.emit('match.started', { matchId });
      return { message: MSG.matchStarted, status: 'in-progress' as const };
    });
  }
}
