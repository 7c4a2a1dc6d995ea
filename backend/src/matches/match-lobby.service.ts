import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  DEFAULT_SCORING_TYPE,
  isMatchType,
  isScoringType,
  MSG,
  teamSize,
  type ScoringType,
  NOTIFICATION_TYPES,
  leagueDisputePath,
  leagueLobbyPath,
  leagueReportPath,
  lobbyPath,
  reportScorePath,
  resolveDisputePath,
  type CreateMatchResponse,
  type JoinMatchResponse,
  type JoinTeamResponse,
  type MatchDetails,
  type MatchLeftResponse,
  type MatchType,
  type MatchTypeResponse,
  type MyMatchesResponse,
  type RematchResponse,
  type StartMatchResponse,
  type JoinOpenLobbyResponse,
  type OpenLobbiesResponse,
  type OpenRange,
  displayThousandths,
  formatThousandths,
  inOpenRange,
  INITIAL_RATING,
  parseOpenRange,
} from '@gotnext/shared';
import type { EntityManager } from 'typeorm';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { Notifier } from '../notifications/notifier';
import { UsersRepository } from '../users/users.repository';
import { newMatchCode, normalizeMatchCode } from './match-code';
import { firstTeamWithRoom, fromSide, playersNeeded } from './match-rules';
import { MatchesRepository, teamOf, type PlayerRow } from './matches.repository';
import { MatchDetailsCache } from './match-details-cache';
import type { MatchEntity } from './entities/match.entity';
import { OpenLobbiesRepository } from './open-lobbies.repository';
import { toMatchDetails, withLobbyFacts } from './match-view';

/** A league's scope on a lobby call: the league, and its checks, run inside the call's transaction. */
export interface LeagueScope {
  leagueId: number;
  check: (m: EntityManager) => Promise<void>;
}

/** How many open lobbies the list shows at most. */
const OPEN_LOBBIES_LISTED = 20;

/** Creating, joining and starting matches: the lobby half of a match's life (docs/matches.md). */
@Injectable()
export class MatchLobbyService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly matches: MatchesRepository,
    private readonly users: UsersRepository,
    private readonly notifier: Notifier,
    private readonly detailsCache: MatchDetailsCache,
    private readonly openLobbies: OpenLobbiesRepository,
  ) {}

  /**
   * `league`: a league match (docs/leagues.md#league-matches); its check runs first in the same
   * transaction (membership and the right to create, read from the database).
   */
  async create(
    actorId: number,
    type: string,
    ranked: boolean,
    scoring: string | undefined,
    league?: LeagueScope,
    open: { min?: unknown; max?: unknown } = {},
  ): Promise<CreateMatchResponse> {
    if (!isMatchType(type)) throw new BadRequestException({ message: MSG.invalidMatchType });
    const scoringType = scoring ?? DEFAULT_SCORING_TYPE;
    if (!isScoringType(scoringType)) throw new BadRequestException({ message: MSG.invalidScoringType });
    const parsed = parseOpenRange(open.min, open.max);
    if ('problem' in parsed) throw new BadRequestException({ message: parsed.problem });
    if (parsed.range && league) throw new BadRequestException({ message: MSG.openRangeLeague });
    return this.uow.run(async ({ manager }) => {
      if (league) await league.check(manager);
      const { id, code } = await this.insertNew(actorId, type, scoringType, ranked, manager, league?.leagueId ?? null);
      if (parsed.range) await this.openTo(actorId, id, parsed.range, manager);
      return { match_id: id, match_code: code, message: MSG.matchCreated };
    });
  }

  /**
   * Opens a new lobby to nearby players in a shown-rating range (docs/matches.md#open-lobbies):
   * the creator's own shown rating must be in it, and "near" is the creator's state/region now.
   */
  private async openTo(actorId: number, matchId: number, range: OpenRange, manager: EntityManager): Promise<void> {
    const me = await this.openLobbies.playerFacts(actorId, manager);
    const mine = displayThousandths(me.rating ?? INITIAL_RATING);
    if (!inOpenRange(mine, range)) throw new BadRequestException({ message: MSG.openRangeExcludesYou(formatThousandths(mine)) });
    await this.openLobbies.markOpen(matchId, range, me.region, manager);
  }

  /**
   * A match whose teams are already made (a court's called game, docs/courts.md#calling-next), in
   * the caller's transaction: `teamA[0]` is its creator (who starts it), both teams are filled, so
   * it is `ready`; ranked only when the caller says every player is verified. From here it is an
   * ordinary match.
   */
  async createWithTeams(tx: Tx, spec: { type: MatchType; ranked: boolean; teamA: number[]; teamB: number[] }): Promise<{ id: number; code: string }> {
    const [creator, ...rest] = spec.teamA;
    const created = await this.insertNew(creator, spec.type, DEFAULT_SCORING_TYPE, spec.ranked, tx.manager);
    for (const userId of rest) await this.matches.addPlayer(created.id, userId, 'A', tx.manager);
    for (const userId of spec.teamB) await this.matches.addPlayer(created.id, userId, 'B', tx.manager);
    await this.matches.markReady(created.id, tx.manager);
    tx.emit('match.changed', { matchId: created.id, status: 'ready', playerIds: [...spec.teamA, ...spec.teamB] });
    return created;
  }

  /** A new match with the creator on Team A; a ranked one needs a verified creator. */
  private async insertNew(
    actorId: number,
    type: MatchType,
    scoringType: ScoringType,
    ranked: boolean,
    manager: EntityManager,
    leagueId: number | null = null,
  ): Promise<{ id: number; code: string }> {
    if (ranked && !(await this.users.isVerified(actorId, manager))) throw new ForbiddenException({ message: MSG.rankedCreateNeedsVerification });
    // A clash with an open match's code is caught by the partial unique index; try a fresh code.
    for (let attempt = 0; ; attempt += 1) {
      const code = newMatchCode();
      const id = await this.matches.insert({ code, type, scoring: scoringType, ranked, creatorId: actorId, leagueId }, manager);
      if (id !== null) return { id, code };
      if (attempt > 20) throw new ConflictException({ message: MSG.tryAgain });
    }
  }

  /** The newest match with this code, preferring one that is still open. */
  private async findByCode(input: unknown, m?: EntityManager, leagueId: number | null = null): Promise<{ id: number; match_type: MatchType; league_id: number | null }> {
    const code = normalizeMatchCode(input);
    const found = code ? await this.matches.findByCode(code, m, leagueId) : null;
    if (!found) throw new NotFoundException({ message: MSG.matchNotFound });
    return found;
  }

  async matchType(code: unknown): Promise<MatchTypeResponse> {
    const found = await this.findByCode(code);
    return { match_type: found.match_type };
  }

  /** `type` null: any type (a league join names none); `league`: only that league's matches, after its check. */
  async join(actorId: number, type: string | null, code: string, league?: LeagueScope): Promise<JoinMatchResponse> {
    if (type !== null && !isMatchType(type)) throw new BadRequestException({ message: MSG.invalidMatchType });
    return this.uow.run(async (tx) => {
      if (league) await league.check(tx.manager);
      const found = await this.findByCode(code, tx.manager, league?.leagueId ?? null);
      if (league && found.league_id !== league.leagueId) throw new ForbiddenException({ message: MSG.leagueMatchOtherLeague });
      if (type !== null && found.match_type !== type) throw new BadRequestException({ message: MSG.invalidMatchType });
      const { match_id, message } = await this.seat(tx, actorId, found.id);
      return { match_id, message };
    });
  }

  /**
   * One-tap join of an open lobby (docs/matches.md#open-lobbies): the join's own rules, and the
   * caller's shown rating inside the lobby's range. A lobby that was never opened is 404 here
   * (its code still joins it: the code is the creator's own invitation).
   */
  async joinOpen(actorId: number, matchId: number): Promise<JoinOpenLobbyResponse> {
    return this.uow.run(async (tx) => {
      const joined = await this.seat(tx, actorId, matchId, async (match) => {
        const range = await this.openLobbies.rangeOf(match.id, tx.manager);
        if (!range || match.leagueId !== null) throw new NotFoundException({ message: MSG.openLobbyNotFound });
        return async () => {
          const me = await this.openLobbies.playerFacts(actorId, tx.manager);
          const mine = displayThousandths(me.rating ?? INITIAL_RATING);
          if (!inOpenRange(mine, range))
            throw new ForbiddenException({ message: MSG.openLobbyOutOfRange(formatThousandths(range.min), formatThousandths(range.max), formatThousandths(mine)) });
        };
      });
      return { ...joined, path: lobbyPath(joined.match_id, joined.match_type) };
    });
  }

  /**
   * Seats the caller in the match under its row lock. `open` (an open lobby's join) runs first on
   * the locked row and answers the range check, which runs after the status checks, so a full or
   * started lobby reads as such.
   */
  private async seat(
    tx: Tx,
    actorId: number,
    matchId: number,
    open?: (match: MatchEntity) => Promise<() => Promise<void>>,
  ): Promise<JoinMatchResponse & { match_type: MatchType }> {
    // The row lock makes joins to one match queue up: the count below cannot go stale.
    const match = await this.matches.lock(matchId, tx.manager);
    const rangeCheck = open ? await open(match) : null;
    const players = await this.matches.playersOf(match.id, tx.manager);
    if (players.some((p) => p.user_id === actorId)) throw new ConflictException({ message: MSG.alreadyInMatch });
    if (match.status === 'cancelled') throw new ConflictException({ message: MSG.matchWasCancelled });
    if (match.status === 'ready') throw new ConflictException({ message: MSG.matchFull });
    if (match.status !== 'waiting') throw new ConflictException({ message: MSG.matchNotOpen });
    if (rangeCheck) await rangeCheck();
    if (match.ranked && !(await this.users.isVerified(actorId, tx.manager))) throw new ForbiddenException({ message: MSG.rankedNeedsVerification });
    const side = firstTeamWithRoom(match.matchType, teamOf(players, 'A').length, teamOf(players, 'B').length);
    if (!side) throw new ConflictException({ message: MSG.matchFull });
    await this.matches.addPlayer(match.id, actorId, side, tx.manager);
    const full = playersNeeded(match.matchType, players.length + 1) === 0;
    if (full) await this.matches.markReady(match.id, tx.manager);
    tx.emit('match.changed', { matchId: match.id, status: full ? 'ready' : 'waiting', playerIds: [...players.map((p) => p.user_id), actorId] });
    return { match_id: match.id, message: MSG.matchJoined, match_type: match.matchType };
  }

  /**
   * Open lobbies near the caller that their shown rating fits (docs/matches.md#open-lobbies):
   * "near" is the same state/region, as /courts without a position.
   */
  async openLobbiesNear(actorId: number): Promise<OpenLobbiesResponse> {
    const me = await this.openLobbies.playerFacts(actorId);
    const mine = displayThousandths(me.rating ?? INITIAL_RATING);
    const rows = me.region ? await this.openLobbies.near(actorId, me.region, mine, OPEN_LOBBIES_LISTED) : [];
    return {
      region: me.region,
      my_rating: formatThousandths(mine),
      lobbies: rows.map((r) => ({
        match_id: r.id,
        match_type: r.match_type,
        scoring_type: r.scoring_type,
        ranked: r.ranked,
        creator: r.creator,
        players_needed: playersNeeded(r.match_type, r.players),
        min_rating: formatThousandths(r.open_min_rating),
        max_rating: formatThousandths(r.open_max_rating),
        joined: r.joined,
        path: lobbyPath(r.id, r.match_type),
      })),
    };
  }

  /** From the shared cache (docs/scaling.md#cached-reads); what depends on the viewer is applied here, per request. */
  async details(actorId: number, matchId: number): Promise<MatchDetails> {
    const read = await this.detailsCache.read(matchId);
    if (!read) throw new NotFoundException({ message: MSG.matchNotFound });
    const { match, players, reported, reports = [], events } = read;
    const me = players.find((p) => p.user_id === actorId);
    if (!me) throw new ForbiddenException({ message: MSG.notInMatch });
    const rated = match.status === 'completed' && match.ranked ? events : [];
    const shown = players.map(({ user_id, team, username, profile_picture, profile_picture_version }) => ({ user_id, team, username, profile_picture, profile_picture_version }));
    // Only the caller's own side's report: the other side's stays secret until both reported.
    const own = reports.find((r) => r.team === me.team);
    const myReport = own ? fromSide(me.team, { a: own.a, b: own.b }) : null;
    return withLobbyFacts(toMatchDetails(match, shown, actorId, { A: reported.includes('A'), B: reported.includes('B') }, myReport, rated), players, actorId);
  }

  /**
   * The caller's open matches, newest first, each with the one-tap link of its next step
   * (docs/matches.md#my-matches), overall and league ones alike; a league one says so in `scope`
   * and `league_id`, and its link opens the league pages.
   */
  async myMatches(actorId: number): Promise<MyMatchesResponse> {
    const rows = await this.matches.myOpenMatches(actorId);
    return {
      matches: rows.map((r) => {
        const step = r.status === 'in-progress' && !r.reported ? 'report' : r.status === 'disputed' ? 'resolve' : 'lobby';
        // A league match opens its league pages (docs/matches.md#my-matches).
        const path =
          r.league_id !== null
            ? step === 'report'
              ? leagueReportPath(r.id, r.match_type)
              : step === 'resolve'
                ? leagueDisputePath(r.id, r.league_id)
                : leagueLobbyPath(r.id, r.match_type)
            : step === 'report'
              ? reportScorePath(r.id, r.match_type)
              : step === 'resolve'
                ? resolveDisputePath(r.id, r.match_type)
                : lobbyPath(r.id, r.match_type);
        return {
          match_id: r.id,
          match_code: r.code,
          match_type: r.match_type,
          scoring_type: r.scoring_type,
          ranked: r.ranked,
          status: r.status,
          scope: r.league_id !== null ? ('league' as const) : ('overall' as const),
          league_id: r.league_id,
          is_creator: r.creator_id === actorId,
          players_needed: playersNeeded(r.match_type, r.players),
          others: r.others,
          reported: r.reported,
          in_moderation: r.in_moderation,
          step,
          path,
          created_at: new Date(r.created_at).toISOString(),
        };
      }),
    };
  }

  /**
   * Cancel (docs/matches.md#cancel-and-leave): the creator, before the start. Under the row lock,
   * so a join racing it either lands first (and is cancelled with the match) or finds it cancelled.
   */
  async cancel(actorId: number, matchId: number): Promise<MatchLeftResponse> {
    return this.uow.run(async (tx) => {
      const match = await this.matches.lock(matchId, tx.manager);
      const players = await this.matches.playersOf(matchId, tx.manager);
      if (match.creatorId !== actorId) {
        throw new ForbiddenException({ message: players.some((p) => p.user_id === actorId) ? MSG.onlyCreatorCancels : MSG.notInMatch });
      }
      if (match.status === 'cancelled') throw new ConflictException({ message: MSG.matchWasCancelled });
      if (match.status !== 'waiting' && match.status !== 'ready') throw new ConflictException({ message: MSG.matchNotOpen });
      await this.matches.markCancelled(matchId, tx.manager);
      const creator = players.find((p) => p.user_id === actorId)?.username ?? '';
      await this.notifier.notify(
        tx,
        players
          .filter((p) => p.user_id !== actorId)
          .map((p) => ({
            userId: p.user_id,
            type: NOTIFICATION_TYPES.matchCancelled,
            message: MSG.matchCancelledNotice(creator, match.matchType),
            matchId,
            matchType: match.matchType,
          })),
      );
      tx.emit('match.changed', { matchId, status: 'cancelled', playerIds: players.map((p) => p.user_id) });
      return { message: MSG.matchCancelledDone, status: 'cancelled' as const };
    });
  }

  /** Leave (docs/matches.md#cancel-and-leave): a joined player other than the creator, before the start; a full match opens again. */
  async leave(actorId: number, matchId: number): Promise<MatchLeftResponse> {
    return this.uow.run(async (tx) => {
      const match = await this.matches.lock(matchId, tx.manager);
      const players = await this.matches.playersOf(matchId, tx.manager);
      if (!players.some((p) => p.user_id === actorId)) throw new ForbiddenException({ message: MSG.notInMatch });
      if (match.creatorId === actorId) throw new ForbiddenException({ message: MSG.creatorCannotLeave });
      if (match.status === 'cancelled') throw new ConflictException({ message: MSG.matchWasCancelled });
      if (match.status !== 'waiting' && match.status !== 'ready') throw new ConflictException({ message: MSG.matchNotOpen });
      await this.matches.removePlayer(matchId, actorId, tx.manager);
      await this.matches.markWaiting(matchId, tx.manager);
      tx.emit('match.changed', { matchId, status: 'waiting', playerIds: players.map((p) => p.user_id) });
      return { message: MSG.matchLeft, status: 'waiting' as const };
    });
  }

  /**
   * Rematch (docs/matches.md#the-result): a player of a completed match creates a new one of the
   * same type, scoring and ranking (the ranked rule of creating applies) and the other players get
   * a `match_invite` notification with its code; they join as anyone does. `league`: the rematch
   * of a league match is a match of that league, after the league's check (the right to create).
   */
  async rematch(actorId: number, matchId: number, league?: LeagueScope): Promise<RematchResponse> {
    return this.uow.run(async (tx) => {
      if (league) await league.check(tx.manager);
      const match = await this.matches.get(matchId, tx.manager);
      const players = await this.matches.playersOf(matchId, tx.manager);
      const me = players.find((p) => p.user_id === actorId);
      if (!me) throw new ForbiddenException({ message: MSG.notInMatch });
      if (match.status !== 'completed') throw new ConflictException({ message: MSG.rematchNotCompleted });
      const leagueId = league?.leagueId ?? null;
      const { id, code } = await this.insertNew(actorId, match.matchType, match.scoringType, match.ranked, tx.manager, leagueId);
      const others = players.filter((p) => p.user_id !== actorId && p.username !== MSG.deletedPlayer);
      await this.notifier.notify(
        tx,
        others.map((p) => ({
          userId: p.user_id,
          type: NOTIFICATION_TYPES.matchInvite,
          message: MSG.rematchInvite(me.username, match.matchType, code),
          matchId: id,
          matchType: match.matchType,
          leagueId,
        })),
      );
      return { match_id: id, match_code: code, message: MSG.rematchCreated, invited: others.length };
    });
  }

  /**
   * Change Team: moves the caller to the other team if it has room. A creator who is on neither
   * team (never the case for matches made here, but the screen asks for it) is placed on the
   * first team with room.
   *
   * A player's move is one statement committed on its own (`MatchesRepository.changeTeam`,
   * docs/matches.md#concurrency); only the creator's placement takes the transaction below.
   */
  async changeTeam(actorId: number, matchId: number): Promise<JoinTeamResponse> {
    const read = await this.matches.changeTeam(matchId, actorId);
    if (!read) throw new NotFoundException({ message: MSG.matchNotFound });
    const { match, players, movedTo } = read;
    const me = players.find((p) => p.user_id === actorId);
    if (!me && match.creatorId !== actorId) throw new ForbiddenException({ message: MSG.notInMatch });
    if (match.matchType === '1v1') throw new BadRequestException({ message: MSG.noTeamsIn1v1 });
    if (match.status !== 'waiting' && match.status !== 'ready') throw new ConflictException({ message: MSG.teamChangeClosed });
    if (!me) return this.changeTeamLocked(actorId, matchId);
    if (!movedTo) throw new ConflictException({ message: MSG.teamFull });
    await this.uow.committed('match.changed', { matchId, status: match.status });
    const now = players.map((p) => (p.user_id === actorId ? { ...p, team: movedTo } : p));
    return this.teamsAnswer(now);
  }

  private teamsAnswer(players: PlayerRow[]): JoinTeamResponse {
    const teamA = teamOf(players, 'A');
    const teamB = teamOf(players, 'B');
    return { message: MSG.teamChanged, teamA, team_a: teamA, teamB, team_b: teamB };
  }

  /** Change Team in one transaction under the match lock: the creator's placement on a team. */
  private async changeTeamLocked(actorId: number, matchId: number): Promise<JoinTeamResponse> {
    return this.uow.run(async (tx) => {
      const match = await this.matches.lock(matchId, tx.manager);
      const open = match.matchType !== '1v1' && (match.status === 'waiting' || match.status === 'ready');
      // An open lobby (every change but a refused one): the move and the roster in one statement.
      const { players, movedTo } = open
        ? await this.matches.switchTeam(matchId, actorId, teamSize(match.matchType), tx.manager)
        : { players: await this.matches.playersOf(matchId, tx.manager), movedTo: null };
      const me = players.find((p) => p.user_id === actorId);
      if (!me && match.creatorId !== actorId) throw new ForbiddenException({ message: MSG.notInMatch });
      if (match.matchType === '1v1') throw new BadRequestException({ message: MSG.noTeamsIn1v1 });
      if (!open) throw new ConflictException({ message: MSG.teamChangeClosed });
      let now = players;
      let status = match.status;
      if (me) {
        if (!movedTo) throw new ConflictException({ message: MSG.teamFull });
        now = players.map((p) => (p.user_id === actorId ? { ...p, team: movedTo } : p));
      } else {
        const count = (side: 'A' | 'B') => players.filter((p) => p.team === side).length;
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
      return this.teamsAnswer(now);
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
      tx.emit('match.changed', { matchId, status: 'in-progress', playerIds: players.map((p) => p.user_id) });
      tx.emit('match.started', { matchId });
      return { message: MSG.matchStarted, status: 'in-progress' as const };
    });
  }
}
