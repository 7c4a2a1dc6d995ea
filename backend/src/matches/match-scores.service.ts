import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import {
  MSG,
  resultPhrase,
  type AdminDispute,
  type AdminDisputesResponse,
  type DisputeDetails,
  type DisputeProposal,
  type MatchType,
  type MessageResponse,
  type ReportScoreResponse,
  type ResolveDisputeResponse,
  type SideScore,
  type TeamSide,
} from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { Notifier } from '../notifications/notifier';
import type { MatchEntity } from './entities/match.entity';
import { fromSide, judgeReports, normalize1v1, otherSide, type TeamScores } from './match-rules';
import { MatchesRepository, teamOf, type PlayerRow } from './matches.repository';
import { MatchSettlement } from './match-settlement';
import { MatchEvidence } from './match-evidence';
import { resultFor } from './match-view';
import { MATCH_DEADLINES_MS } from './match-deadlines';

/** Each player's own words for a final score: 'You won 21–18' from their side (docs/matches.md#disputes). */
function ownPhrase(type: MatchType, side: TeamSide, scores: TeamScores): string {
  const { user_score, opponent_score } = fromSide(side, scores);
  return resultPhrase(type, user_score, opponent_score);
}

/** An ops decision (docs/matches.md#moderation). */
export type OpsDecision = { decision: 'score'; a: number; b: number } | { decision: 'void' };

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
    private readonly evidence: MatchEvidence,
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
        await this.notifier.notify(
          tx,
          waiting.map((p) => ({ userId: p.user_id, type: 'score_reminder', message: MSG.scoreReminder(match.matchType), matchId, matchType: match.matchType })),
        );
      }
      tx.emit('match.changed', { matchId, status: match.status, playerIds: players.map((p) => p.user_id) });
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
        // Each player reads the result from their own side: 'Resolved: you won 21–18 (1v1 match).'
        await this.notifier.notify(
          tx,
          players.map((p) => ({
            userId: p.user_id,
            type: match.leagueId ? 'league_dispute_resolved' : 'dispute_resolved',
            message: MSG.disputeResolvedOwn(match.matchType, ownPhrase(match.matchType, p.team, verdict.scores)),
            matchId,
            matchType: match.matchType,
            leagueId: match.leagueId,
          })),
        );
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
    const opponent = match.matchType === '1v1' ? (teamOf(players, theirSide)[0] ?? null) : null;
    // The current final scores of both sides, from the caller's side, so 'Accept theirs' sends theirs as is.
    const finals = await this.matches.reportsOf(matchId, 'resolve');
    const proposal = (side: TeamSide): DisputeProposal | null => {
      if (finals[side]) return { ...fromSide(me.team, finals[side]!), kind: 'final' };
      return reports[side] ? { ...fromSide(me.team, reports[side]!), kind: 'report' } : null;
    };
    const events = match.status === 'completed' && match.ranked ? await this.matches.ratingEventsOf(matchId) : [];
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
      my_proposal: proposal(me.team),
      their_proposal: proposal(theirSide),
      in_moderation: match.status === 'disputed' && match.moderationSince !== null,
      // Shown from the start, so both sides know how long they have (docs/matches.md#moderation).
      moderation_at: match.status === 'disputed' && match.disputedAt ? new Date(match.disputedAt.getTime() + MATCH_DEADLINES_MS.voidDispute).toISOString() : null,
      result: resultFor(match, players, actorId, events),
      witnessed: await this.evidence.of(matchId),
    };
  }

  /** The ops' queue: disputes past their 72 h deadline, with both reports, both proposals and each player's dispute record. */
  async moderationQueue(): Promise<AdminDisputesResponse> {
    const matches = await this.matches.moderationQueue();
    const disputes: AdminDispute[] = [];
    for (const match of matches) {
      const players = await this.matches.playersOf(match.id);
      const reports = await this.matches.reportsOf(match.id, 'report');
      const finals = await this.matches.reportsOf(match.id, 'resolve');
      const records = await this.matches.disputeRecords(players.map((p) => p.user_id));
      const asTeams = (r: TeamScores | null) => (r ? { team_a_score: r.a, team_b_score: r.b } : null);
      disputes.push({
        match_id: match.id,
        match_code: match.code,
        match_type: match.matchType,
        scoring_type: match.scoringType,
        ranked: match.ranked,
        disputed_at: match.disputedAt!.toISOString(),
        moderation_since: match.moderationSince!.toISOString(),
        void_at: new Date(match.moderationSince!.getTime() + MATCH_DEADLINES_MS.moderationVoid).toISOString(),
        team_a: teamOf(players, 'A'),
        team_b: teamOf(players, 'B'),
        team_a_report: asTeams(reports.A),
        team_b_report: asTeams(reports.B),
        team_a_proposal: asTeams(finals.A),
        team_b_proposal: asTeams(finals.B),
        histories: players.map((p) => {
          const r = records.find((x) => x.user_id === p.user_id);
          return { user_id: p.user_id, username: p.username, disputes: r?.disputes ?? 0, voided: r?.voided ?? 0, ops_settled: r?.ops_settled ?? 0 };
        }),
        witnessed: await this.evidence.of(match.id),
      });
    }
    return { disputes };
  }

  /**
   * An ops decision on a dispute in the queue (docs/matches.md#moderation): a final score completes
   * it (rated like any other when ranked), a void voids it; every player is notified in their own words.
   */
  async decide(matchId: number, decision: OpsDecision): Promise<MessageResponse> {
    return this.uow.run(async (tx) => {
      const match = await this.matches.lock(matchId, tx.manager);
      if (match.status === 'completed') throw new ConflictException({ message: MSG.matchAlreadyCompleted });
      if (match.status !== 'disputed' || !match.moderationSince) throw new ConflictException({ message: MSG.disputeNotInModeration });
      const players = await this.matches.playersOf(matchId, tx.manager);
      if (decision.decision === 'void') {
        await this.settlement.void(tx, match, 'ops-void');
        await this.notifier.notify(
          tx,
          players.map((p) => ({
            userId: p.user_id,
            type: 'dispute_resolved',
            message: MSG.opsVoidedNotice(match.matchType),
            matchId,
            matchType: match.matchType,
          })),
        );
      } else {
        const scores = { a: decision.a, b: decision.b };
        await this.settlement.complete(tx, match, scores, 'ops');
        await this.notifier.notify(
          tx,
          players.map((p) => ({
            userId: p.user_id,
            type: 'dispute_resolved',
            message: MSG.opsSettledNotice(match.matchType, ownPhrase(match.matchType, p.team, scores)),
            matchId,
            matchType: match.matchType,
          })),
        );
      }
      await this.notifications.closeForMatch(matchId, { disputeResolved: decision.decision === 'score' }, tx.manager);
      return { message: MSG.opsDecided };
    });
  }
}
