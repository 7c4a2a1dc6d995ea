import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { MSG, type DisputeDetails, type ReportScoreResponse, type ResolveDisputeResponse, type SideScore, type TeamSide } from '@gotnext/shared';
import { AfterCommit, MatchEffects, writeThenNotify } from './match-effects';
import { fromSide, judgeReports, normalize1v1, otherSide, type TeamScores } from './match-rules';
import { lockMatch, MatchRow, PlayerRow, playersOf, readMatch, reportsOf, teamOf, upsertReport } from './match-store';
import { completeMatch, disputeMatch } from './match-settlement';

/** A score as the caller typed it: "mine/theirs" in 1v1, Team A/Team B in team matches. */
export type ScoreInput = { kind: '1v1'; mine: number; theirs: number } | { kind: 'teams'; type: string; a: number; b: number };

/** Score reports and dispute resolution: the second half of a match's life. */
@Injectable()
export class MatchScoresService {
  constructor(
    private readonly db: DataSource,
    private readonly fx: MatchEffects,
  ) {}

  private write<T>(work: (m: EntityManager, after: AfterCommit) => Promise<T>): Promise<T> {
    return writeThenNotify(this.db, work);
  }

  /** Locks the match, checks the caller plays in it and that the call fits its type; returns the caller's side. */
  private async enter(m: EntityManager, actorId: number, matchId: number, input: ScoreInput): Promise<{ match: MatchRow; players: PlayerRow[]; side: TeamSide; scores: TeamScores }> {
    const match = await lockMatch(m, matchId);
    const players = await playersOf(m, matchId);
    const me = players.find((p) => p.user_id === actorId);
    if (!me) throw new ForbiddenException({ message: MSG.notInMatch });
    const is1v1 = match.match_type === '1v1';
    if ((input.kind === '1v1') !== is1v1 || (input.kind === 'teams' && input.type !== match.match_type)) {
      throw new BadRequestException({ message: MSG.invalidMatchType });
    }
    const scores = input.kind === '1v1' ? normalize1v1(me.team, input.mine, input.theirs) : { a: input.a, b: input.b };
    return { match, players, side: me.team, scores };
  }

  async report(actorId: number, matchId: number, input: ScoreInput): Promise<ReportScoreResponse> {
    return this.write(async (m, after) => {
      const { match, players, side, scores } = await this.enter(m, actorId, matchId, input);
      if (match.status === 'completed') throw new ConflictException({ message: MSG.matchAlreadyCompleted });
      if (match.status === 'disputed') throw new ConflictException({ message: MSG.matchIsDisputed });
      if (match.status !== 'in-progress') throw new ConflictException({ message: MSG.matchNotInProgress });

      // Until the other side reports, a side's newer report replaces its earlier one.
      const first = await upsertReport(m, matchId, side, 'report', actorId, scores);
      const reports = await reportsOf(m, matchId, 'report');
      const verdict = judgeReports(reports.A, reports.B);
      if (verdict.kind === 'agreed') {
        await completeMatch(m, this.fx, after, match, verdict.scores, 'agreed');
        return { message: MSG.scoreAgreed, status: 'completed' as const };
      }
      if (verdict.kind === 'disputed') {
        await disputeMatch(m, this.fx, after, match, players);
        return { message: MSG.scoreDisputed, status: 'disputed' as const };
      }
      if (first) {
        const waiting = players.filter((p) => p.team === otherSide(side));
        after.add(await this.fx.notifier.store(m, waiting.map((p) => ({ userId: p.user_id, type: 'score_reminder', message: MSG.scoreReminder(match.match_type), matchId, matchType: match.match_type }))));
      }
      this.fx.changed(after, matchId, match.status);
      return { message: MSG.scoreWaiting, status: match.status };
    });
  }

  async resolve(actorId: number, matchId: number, input: ScoreInput): Promise<ResolveDisputeResponse> {
    return this.write(async (m, after) => {
      const { match, players, side, scores } = await this.enter(m, actorId, matchId, input);
      if (match.status === 'completed') throw new ConflictException({ message: MSG.matchAlreadyCompleted });
      if (match.status !== 'disputed') throw new ConflictException({ message: MSG.matchNotDisputed });

      await upsertReport(m, matchId, side, 'resolve', actorId, scores);
      const finals = await reportsOf(m, matchId, 'resolve');
      const verdict = judgeReports(finals.A, finals.B);
      if (verdict.kind === 'agreed') {
        await completeMatch(m, this.fx, after, match, verdict.scores, 'resolved');
        const { a, b } = verdict.scores;
        after.add(await this.fx.notifier.store(m, players.map((p) => ({
          userId: p.user_id, type: 'dispute_resolved', message: MSG.disputeResolvedNotice(match.match_type, a, b), matchId, matchType: match.match_type,
        }))));
        // The resolution notices themselves describe a finished match.
        await m.query(`UPDATE notifications SET match_completed = true, dispute_resolved = true WHERE match_id = $1 AND league_id IS NULL`, [matchId]);
        return { message: MSG.disputeResolved, status: 'completed' as const };
      }
      this.fx.changed(after, matchId, 'disputed');
      return { message: MSG.disputeSubmitted, status: 'disputed' as const };
    });
  }

  async disputeDetails(actorId: number, matchId: number): Promise<DisputeDetails> {
    const m = this.db.manager;
    const match = await readMatch(m, matchId);
    const players = await playersOf(m, matchId);
    const me = players.find((p) => p.user_id === actorId);
    if (!me) throw new ForbiddenException({ message: MSG.notInMatch });
    const reports = await reportsOf(m, matchId, 'report');
    const theirSide = otherSide(me.team);
    const words = (side: TeamSide): SideScore | null => {
      const r = reports[side];
      return r ? fromSide(side, r) : null;
    };
    const scores: Record<string, SideScore> = {};
    for (const row of reports.rows) scores[String(row.reported_by)] = fromSide(row.team, { a: row.team_a_score, b: row.team_b_score });
    const asTeams = (r: TeamScores | null) => (r ? { team_a_score: r.a, team_b_score: r.b } : null);
    const opponent = match.match_type === '1v1' ? teamOf(players, theirSide)[0] ?? null : null;
    return {
      match_id: match.id,
      match_type: match.match_type,
      status: match.status,
      creator_id: match.creator_id,
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
