import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  MSG,
  type CreateLeagueMatchResponse,
  type JoinTeamResponse,
  type LeagueDisputeDetails,
  type LeagueJoinMatchResponse,
  type MatchDetails,
  type RematchResponse,
  type ReportScoreResponse,
  type ResolveDisputeResponse,
  type StartMatchResponse,
} from '@gotnext/shared';
import { LeagueAccess } from '../leagues/league-access';
import { MatchLobbyService } from '../matches/match-lobby.service';
import { MatchScoresService, type ScoreInput } from '../matches/match-scores.service';
import type { MatchEntity } from '../matches/entities/match.entity';
import { MatchesRepository } from '../matches/matches.repository';
import { UsersRepository } from '../users/users.repository';
import { isMissing, scoreOf, type LeagueReportScoreDto, type ResolveLeagueDisputeDto } from './dto/league-match.dto';
import { LeagueMatchesRepository } from './league-matches.repository';

/**
 * League matches on the one match engine (docs/leagues.md#league-matches): every call checks the
 * league (membership and rights, read from the database on this request), then hands the match to
 * the engine's lobby and score services, whose row locks, lifecycle, deadlines, notifications and
 * rating job are the overall matches' own.
 */
@Injectable()
export class LeagueMatchesService {
  constructor(
    private readonly lobby: MatchLobbyService,
    private readonly scores: MatchScoresService,
    private readonly matches: MatchesRepository,
    private readonly leagueMatches: LeagueMatchesRepository,
    private readonly access: LeagueAccess,
    private readonly users: UsersRepository,
  ) {}

  /** Members holding the right to create (docs/leagues.md#permissions). A league match is never overall-ranked. */
  async create(actorId: number, leagueId: number, type: string, scoring: string | undefined): Promise<CreateLeagueMatchResponse> {
    const created = await this.lobby.create(actorId, type, false, scoring, { leagueId, check: (m) => this.mayCreate(leagueId, actorId, m) });
    return { ...created, league_id: leagueId };
  }

  /** Members only; a `verified_players_only` league's matches only for verified players; only this league's codes. */
  async join(actorId: number, leagueId: number, code: string): Promise<LeagueJoinMatchResponse> {
    const joined = await this.lobby.join(actorId, null, code, {
      leagueId,
      check: async (m) => {
        const { league } = await this.access.asMember(leagueId, actorId, m, 'share');
        if (league.verified_players_only && !(await this.users.isVerified(actorId, m))) throw new ForbiddenException({ message: MSG.leagueMatchesVerifiedOnly });
      },
    });
    const match = await this.matches.get(joined.match_id);
    return { match_id: joined.match_id, match_type: match.matchType, message: joined.message };
  }

  /**
   * The league match behind a league call: an overall match is not found here, and the caller must
   * be a member of its league (a private league's outsider: 404; `expected` a league id the page
   * sent that is not the match's: 404 too).
   */
  private async leagueMatch(actorId: number, matchId: number, expected?: number, m?: EntityManager): Promise<MatchEntity> {
    const match = await this.matches.get(matchId, m);
    if (match.leagueId === null || (expected !== undefined && expected !== match.leagueId)) throw new NotFoundException({ message: MSG.matchNotFound });
    await this.access.asMember(match.leagueId, actorId, m);
    return match;
  }

  async details(actorId: number, matchId: number): Promise<MatchDetails> {
    await this.leagueMatch(actorId, matchId);
    return this.lobby.details(actorId, matchId);
  }

  /**
   * Rematch of a league match (docs/leagues.md#league-matches): a new match of the same league, for
   * a member who may still create league matches there; the other players are invited with its code.
   */
  async rematch(actorId: number, matchId: number): Promise<RematchResponse> {
    const { leagueId } = await this.leagueMatch(actorId, matchId);
    return this.lobby.rematch(actorId, matchId, { leagueId: leagueId!, check: (m) => this.mayCreate(leagueId!, actorId, m) });
  }

  /** Membership and the right to create league matches, read from the database in the caller's transaction. */
  private async mayCreate(leagueId: number, actorId: number, m: EntityManager): Promise<void> {
    const { rights } = await this.access.asMember(leagueId, actorId, m, 'share');
    if (!rights.can_create_match) throw new ForbiddenException({ message: MSG.noLeagueMatchRight });
  }

  async changeTeam(actorId: number, matchId: number): Promise<JoinTeamResponse> {
    await this.leagueMatch(actorId, matchId);
    return this.lobby.changeTeam(actorId, matchId);
  }

  /** The creator never changes, so it is checked before the engine's own start (which re-checks under the lock). */
  async start(actorId: number, matchId: number): Promise<StartMatchResponse> {
    const match = await this.leagueMatch(actorId, matchId);
    if (match.creatorId !== actorId) throw new ForbiddenException({ message: MSG.onlyMatchCreatorStarts });
    return this.lobby.start(actorId, matchId);
  }

  /** The league report payloads (docs/leagues.md#league-matches), checked in the spec's words, then the engine's report. */
  async report(actorId: number, body: LeagueReportScoreDto): Promise<ReportScoreResponse> {
    if (isMissing(body.league_id)) throw new BadRequestException({ message: MSG.leagueIdMissing });
    const match = await this.leagueMatch(actorId, body.match_id, body.league_id);
    if (body.matchType !== undefined && body.matchType !== match.matchType) throw new BadRequestException({ message: MSG.invalidMatchType });
    let input: ScoreInput;
    if (match.matchType === '1v1') {
      if (isMissing(body.user_score) || isMissing(body.opponent_score)) throw new BadRequestException({ message: MSG.leagueReportBoth1v1 });
      const mine = scoreOf(body.user_score);
      const theirs = scoreOf(body.opponent_score);
      if (mine === null || theirs === null) throw new BadRequestException({ message: MSG.invalidScoreFormat });
      const players = await this.matches.playersOf(match.id);
      if (isMissing(body.opponent_id) || !players.some((p) => p.user_id === body.opponent_id && p.user_id !== actorId)) {
        throw new BadRequestException({ message: MSG.opponentMissing });
      }
      input = { kind: '1v1', mine, theirs };
    } else {
      if (isMissing(body.team_1_score) || isMissing(body.team_2_score)) throw new BadRequestException({ message: MSG.reportBothTeams });
      const a = scoreOf(body.team_1_score);
      const b = scoreOf(body.team_2_score);
      if (a === null || b === null) throw new BadRequestException({ message: MSG.invalidScoreFormat });
      input = { kind: 'teams', type: match.matchType, a, b };
    }
    return this.scores.report(actorId, match.id, input);
  }

  async disputeDetails(actorId: number, matchId: number, leagueId?: number): Promise<LeagueDisputeDetails> {
    const match = await this.leagueMatch(actorId, matchId, leagueId);
    const details = await this.scores.disputeDetails(actorId, matchId);
    const rows = await this.leagueMatches.reportsOf([matchId]);
    const reports = rows.map((r) => {
      const [own, other] = r.team === 'A' ? [r.team_a_score, r.team_b_score] : [r.team_b_score, r.team_a_score];
      return { user_id: r.reported_by, username: r.username, user_score: own, opponent_score: other, team_a_score: r.team_a_score, team_b_score: r.team_b_score };
    });
    const final = match.status === 'completed' && match.teamAScore !== null ? { team_a_score: match.teamAScore, team_b_score: match.teamBScore! } : null;
    return { ...details, league_id: match.leagueId!, teamA: details.team_a, teamB: details.team_b, reports, final_scores: final };
  }

  async resolve(actorId: number, body: ResolveLeagueDisputeDto): Promise<ResolveDisputeResponse> {
    const match = await this.leagueMatch(actorId, body.match_id, body.league_id);
    const [x, y] = match.matchType === '1v1' ? [body.user_score, body.opponent_score] : [body.team_a_score, body.team_b_score];
    if (isMissing(x) || isMissing(y)) throw new BadRequestException({ message: MSG.leagueDisputeBoth });
    const first = scoreOf(x);
    const second = scoreOf(y);
    if (first === null || second === null) throw new BadRequestException({ message: MSG.scoreInvalid });
    const input: ScoreInput = match.matchType === '1v1' ? { kind: '1v1', mine: first, theirs: second } : { kind: 'teams', type: match.matchType, a: first, b: second };
    return this.scores.resolve(actorId, match.id, input);
  }
}
