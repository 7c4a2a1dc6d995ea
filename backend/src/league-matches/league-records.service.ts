import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  CONTEST_WINDOW_MS,
  MSG,
  displayRating,
  historyParticipantsProblem,
  historyTeams,
  isMatchType,
  isProvisional,
  isScoringType,
  leaguePool,
  leagueRecord,
  type AddMatchHistoryResponse,
  type LeagueHistoryItem,
  type LeagueLeaderboardResponse,
  type MatchType,
  type MessageResponse,
  type ScoringType,
} from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { LeagueAccess } from '../leagues/league-access';
import { newMatchCode } from '../matches/match-code';
import { MatchResults } from '../matches/match-results';
import { MatchesRepository } from '../matches/matches.repository';
import { Notifier } from '../notifications/notifier';
import { applyLeaguePool } from '../ratings/league-pool';
import { RatingsRepository } from '../ratings/ratings.repository';
import { isMissing, scoreOf, type AddMatchHistoryDto } from './dto/league-match.dto';
import { LeagueHistory } from './league-history';
import { LeagueMatchesRepository } from './league-matches.repository';
import { DailyLimits } from '../throttle/daily-limits';

/**
 * What a league keeps of its matches (docs/leagues.md#league-leaderboard, #league-history): the
 * standings from its own pool, the history, past matches added by organisers, and contesting them.
 */
@Injectable()
export class LeagueRecordsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: LeagueAccess,
    private readonly repo: LeagueMatchesRepository,
    private readonly matches: MatchesRepository,
    private readonly ratings: RatingsRepository,
    private readonly notifier: Notifier,
    private readonly results: MatchResults,
    private readonly historyReader: LeagueHistory,
    private readonly daily: DailyLimits,
  ) {}

  /** Members only, like the chat (docs/leagues.md#privacy). */
  async leaderboard(actorId: number, leagueId: number): Promise<LeagueLeaderboardResponse> {
    await this.access.asMember(leagueId, actorId);
    const rows = await this.repo.standings(leaguePool(leagueId), leagueId);
    return {
      players: rows.map((r, i) => {
        const shown = displayRating(r.rating);
        return {
          rank: i + 1,
          user_id: r.user_id,
          username: r.username,
          profile_picture: r.profile_picture,
          profile_picture_version: r.profile_picture_version,
          league_rating: shown,
          rating: shown,
          record: leagueRecord(r.wins, r.losses, r.draws),
          wins: r.wins,
          losses: r.losses,
          draws: r.draws,
          games: r.games,
          provisional: isProvisional(r.games),
        };
      }),
    };
  }

  /** Members only (docs/leagues.md#privacy); the league's own page carries the same list (LeagueHistory). */
  async history(actorId: number, leagueId: number, timezone: unknown): Promise<LeagueHistoryItem[]> {
    await this.access.asMember(leagueId, actorId);
    return this.historyReader.items(leagueId, actorId, timezone);
  }

  /**
   * Add Match to History (docs/leagues.md#adding-a-past-match): recorded as completed on its played
   * date and rated in the league pool in played order (the rating job replays the pool when it is
   * dated before later matches). Every other player is told and may contest it for 48 h.
   */
  async addHistory(actorId: number, body: AddMatchHistoryDto): Promise<AddMatchHistoryResponse> {
    const type = body.matchType;
    if (!isMatchType(type)) throw new BadRequestException({ message: MSG.invalidMatchType });
    if (!isScoringType(body.scoringType)) throw new BadRequestException({ message: MSG.invalidScoringType });
    const scoring = body.scoringType;
    const participants = body.participants;
    if (!Array.isArray(participants) || participants.some((p) => !Number.isInteger(p) || p < 1 || p > 2_147_483_647)) {
      throw new BadRequestException({ message: historyParticipantsProblem(type, -1)! });
    }
    const countProblem = historyParticipantsProblem(type, participants.length);
    if (countProblem) throw new BadRequestException({ message: countProblem });
    if (new Set(participants).size !== participants.length) throw new BadRequestException({ message: MSG.historyDuplicate });
    let playedAt = new Date();
    if (!isMissing(body.played_at)) {
      playedAt = new Date(body.played_at!);
      if (Number.isNaN(playedAt.getTime()) || playedAt.getUTCFullYear() < 2000) throw new BadRequestException({ message: MSG.playedAtInvalid });
      if (playedAt.getTime() > Date.now() + 60_000) throw new BadRequestException({ message: MSG.playedAtFuture });
    }
    const { teamA, teamB } = historyTeams(participants);

    // At most LEAGUE_DAILY_LIMITS.pastMatchesAdded a day, over every league (docs/leagues.md#daily-limits).
    return this.daily.within('pastMatchesAdded', actorId, () => this.recordHistory(actorId, body, type, scoring, participants, playedAt, teamA, teamB));
  }

  private recordHistory(
    actorId: number,
    body: AddMatchHistoryDto,
    type: MatchType,
    scoring: ScoringType,
    participants: number[],
    playedAt: Date,
    teamA: number[],
    teamB: number[],
  ): Promise<AddMatchHistoryResponse> {
    return this.uow.run(async (tx) => {
      const m = tx.manager;
      const { league, rights } = await this.access.asMember(body.league_id, actorId, m, 'share');
      if (!rights.can_create_match_history) throw new ForbiddenException({ message: MSG.noHistoryRight });
      const members = await this.repo.membersAmong(league.id, participants, m);
      if (members.size !== participants.length) throw new BadRequestException({ message: MSG.historyNotMembers });
      const score = body.finalScore ?? {};
      const [ra, rb] = type === '1v1' ? [score[members.get(teamA[0])!], score[members.get(teamB[0])!]] : [score.teamA, score.teamB];
      if (isMissing(ra) || isMissing(rb)) throw new BadRequestException({ message: MSG.historyScoresMissing });
      const a = scoreOf(ra);
      const b = scoreOf(rb);
      if (a === null || b === null) throw new BadRequestException({ message: MSG.scoreInvalid });

      // Completed matches are outside the open-code index, so any code will do.
      const id = await this.matches.insertBackfilled(
        { code: newMatchCode(), type, scoring, leagueId: league.id, addedBy: actorId, playedAt, a, b, teamA, teamB, contestMs: CONTEST_WINDOW_MS },
        m,
      );
      const adder = (await this.repo.membersAmong(league.id, [actorId], m)).get(actorId) ?? '';
      await this.notifier.notify(
        tx,
        participants
          .filter((p) => p !== actorId)
          .map((userId) => ({
            userId,
            type: 'league_match_added',
            message: MSG.backfillNotice(adder, type, league.name, a, b),
            matchId: id,
            matchType: type,
            leagueId: league.id,
          })),
      );
      tx.emit('match.completed', { matchId: id, ranked: false, voided: false, leagueId: league.id });
      return { message: MSG.historyAdded, match_id: id };
    });
  }

  /**
   * A player of a back-filled match contests it within 48 h of its addition
   * (docs/leagues.md#contesting-a-back-filled-match): it becomes a league dispute on the engine
   * (72 h void deadline, `dispute-league` notices, resolved like any league dispute) and leaves the
   * league pool at once, which is replayed without it in the same transaction.
   */
  async contest(actorId: number, matchId: number): Promise<MessageResponse> {
    return this.uow.run(async (tx) => {
      const m = tx.manager;
      const match = await this.matches.lock(matchId, m);
      if (match.leagueId === null) throw new NotFoundException({ message: MSG.matchNotFound });
      await this.access.asMember(match.leagueId, actorId, m);
      const players = await this.matches.playersOf(matchId, m);
      if (!players.some((p) => p.user_id === actorId)) throw new ForbiddenException({ message: MSG.notInMatch });
      if (!match.backfilled) throw new ConflictException({ message: MSG.contestNotBackfilled });
      if (match.status !== 'completed' || match.voided || !(await this.repo.contestOpen(matchId, m))) throw new ConflictException({ message: MSG.contestClosed });
      const addedBy = (await this.repo.addedBy(matchId, m)) ?? match.creatorId;
      await this.matches.reopenAsDisputed(matchId, addedBy, match.teamAScore!, match.teamBScore!, m);
      const who = players.find((p) => p.user_id === actorId)!.username;
      await this.notifier.notify(
        tx,
        players.map((p) => ({
          userId: p.user_id,
          type: 'dispute-league',
          message: MSG.contestedNotice(who, match.matchType),
          matchId,
          matchType: match.matchType,
          leagueId: match.leagueId,
        })),
      );
      const { overall } = await applyLeaguePool(this.ratings, m, match.leagueId);
      await this.results.rated(tx, overall, overall.userIds);
      tx.emit('match.changed', { matchId, status: 'disputed' });
      tx.emit('match.disputed', { matchId });
      tx.emit('league.standings-changed', { leagueId: match.leagueId });
      return { message: MSG.matchContested };
    });
  }
}
