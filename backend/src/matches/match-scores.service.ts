import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { MSG, type DisputeDetails, type ReportScoreResponse, type ResolveDisputeResponse, type SideScore, type TeamSide } from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { Notifier } from '../notifications/notifier';
import type { MatchEntity } from './entities/match.entity';
import { fromSide, judgeReports, normalize1v1, otherSide, type TeamScores } from './match-rules';
import { MatchesRepository, teamOf, type PlayerRow } from './matches.repository';
import { MatchSettlement } from './match-settlement';

/** A score as the caller typed it: "mine/theirs" in 1v1, Team A/Team B in team matches. */
export type ScoreInput = { kind: '1v1'; mine: number; theirs: number } | { kind: 'teams'; type: string; a: number; b: number };

/** Score reports and dispute resolution: the second half of a match's life (docs/matches.md#reporting). */
@Injectable()
export class MatchScoresService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly matches: MatchesRepository,
    private readonly notifications: NotificationsRepository,
    private readonly notifier: Notifier,
    private readonly settlement: MatchSettlement,
  ) {}

  /** Locks the match, checks the caller plays in it and that the call fits its type; returns the caller's side. */
  private async enter(tx: Tx, actorId: number, matchId: number, input: ScoreInput): Promise<{ match: MatchEntity; players: PlayerRow[]; side: TeamSide; scores: TeamScores }> {
    const match = await this.matches.lock(matchId, tx.manager);
    const players = await this.matches.playersOf(matchId, tx.manager);
    const me = players.find((p) => p.user_id === actorId);
    if (!me) throw new ForbiddenException({ message: MSG.notInMatch });
    const is1v1 = match.matchType === '1v1';
    if ((input.kind === '1v1') !== is1v1 || (input.kind === 'teams' && input.type !== match.matchType)) {
      throw new BadRequestException({ message: MSG.invalidMatchType });
    }
    const scores = input.kind === '1v1' ? normalize1v1(me.team, input.mine, input.theirs) : { a: input.a, b: input.b };
    return { match, players, side: me.team, scores };
  }

  async report(actorId: number, matchId: number, input: ScoreInput): Promise<ReportScoreResponse> {
    return this.uow.run(async (tx) => {
      const { match, players, side, scores } = await this.enter(tx, actorId, matchId, input);
      if (match.status === 'completed') throw new ConflictException({ message: MSG.matchAlreadyCompleted });
      if (match.status === 'disputed') throw new ConflictException({ message: MSG.matchIsDisputed });
      if (match.status !== 'in-progress') throw new ConflictException({ message: MSG.matchNotInProgress });

      // Until the other side reports, a side's newer report replaces its earlier one.
      const first = await this.matches.upsertReport(matchId, side, 'report', actorId, scores, tx.manager);
      const reports = await this.matches.reportsOf(matchId, 'report', tx.manager);
      const verdict = judgeReports(reports.A, reports.B);
      if (verdict.kind === 'agreed') {
        await this.settlement.complete(tx, match, verdict.scores, 'agreed');
        return { message: MSG.scoreAgreed, status: 'completed' as const };
      }
      if (verdict.kind === 'disputed') {
        await this.settlement.dispute(tx, match, players);
        return { message: MSG.scoreDisputed, status: 'disputed' as const };
      }
      if (first) {
        const waiting = players.filter((p) => p.team === otherSide(side));
        await this.notifier.notify(tx, waiting.map((p) => ({ userId: p.user_id, type: 'score_reminder', message: MSG.scoreReminder(match.matchType), matchId, matchType: match.matchType })));
      }
      tx.emit('match.changed', { matchId, status: match.status });
      return { message: MSG.scoreWaiting, status: match.status };
    });
  }

  async resolve(actorId: number, matchId: number, input: ScoreInput): Promise<ResolveDisputeResponse> {
    return this.uow.run(async (tx) => {
      const { match, players, side, scores } = await this.enter(tx, actorId, matchId, input);
      if (match.status === 'completed') throw new ConflictException({ message: MSG.matchAlreadyCompleted });
      if (match.status !== 'disputed') throw new ConflictException({ message: MSG.matchNotDisputed });

      await this.matches.upsertReport(matchId, side, 'resolve', actorId, scores, tx.manager);
      const finals = await this.matches.reportsOf(matchId, 'resolve', tx.manager);
      const verdict = judgeReports(finals.A, finals.B);
      if (verdict.kind === 'agreed') {
        await this.settlement.complete(tx, match, verdict.scores, 'resolved');
        const { a, b } = verdict.scores;
        await this.notifier.notify(tx, players.map((p) => ({
          userId: p.user_id, type: match.leagueId ? 'league_dispute_resolved' : 'dispute_resolved', message: MSG.disputeResolvedNotice(match.matchType, a, b), matchId, matchType: match.matchType, leagueId: match.leagueId,
        })));
        // The resolution notices themselves describe a finished match.
        await this.notifications.closeForMatch(matchId, { disputeResolved: true }, tx.manager);
        return { message: MSG.disputeResolved, status: 'completed' as const };
      }
      tx.emit('match.changed', { matchId, status: 'disputed' });
      return { message: MSG.disputeSubmitted, status: 'disputed' as const };
    });
  }

  async disputeDetails(actorId: number, matchId: number): Promise<DisputeDetails> {
    const match = await this.matches.get(matchId);
    const players = await this.matches.playersOf(matchId);
    const me = players.find((p) => p.user_id === actorId);
    if (!me) throw new ForbiddenException({ message: MSG.notInMatch });
    const reports = await this.matches.reportsOf(matchId, 'report');
    const theirSide = otherSide(me.team);
    const words = (side: TeamSide): SideScore | null => {
      const r = reports[side];
      return r ? fromSide(side, r) : null;
    };
    const scores: Record<string, SideScore> = {};
    for (const row of reports.rows) scores[String(row.reported_by)] = fromSide(row.team, { a: row.team_a_score, b: row.team_b_score });
    const asTeams = (r: TeamScores | null) => (r ? { team_a_score: r.a, team_b_score: r.b } : null);
    const opponent = match.matchType === '1v1' ? teamOf(players, theirSide)[0] ?? null : null;
    return {
      match_id: match.id,
      match_type: match.matchType,
      status: match.status,
      creator_id: match.creatorId,
      opponent,
      userReportedScore: words(me.team),
      opponentReportedScore: words(theirSide),
      scores,
      team_a: teamOf(players, 'A'),
      team_b: teamOf(players, 'B'),
      team_a_report: asTeams(reports.A),
      team_b_report: asTeams(reports.B),
      my_team: me.team,
    };
  }
}
