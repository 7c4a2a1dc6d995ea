import { Injectable } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type MatchDeadlineJob } from '../jobs/queues';
import { Notifier } from '../notifications/notifier';
import { MATCH_DEADLINES_MS } from './match-deadlines';
import { otherSide } from './match-rules';
import { MatchesRepository } from './matches.repository';
import { MatchSettlement } from './match-settlement';

export type DeadlineOutcome = 'reminded' | 'completed' | 'moderation' | 'voided' | 'nothing';

/**
 * What a deadline does when it fires (docs/matches.md#deadlines). Each one re-reads the match
 * under its row lock and checks the time against the database clock, so a job that runs twice,
 * runs early, or finds the match already settled does nothing.
 */
@Injectable()
@JobHandler(QUEUES.matchDeadlines, { concurrency: 5 })
export class MatchDeadlinesHandler implements JobProcessor<typeof QUEUES.matchDeadlines> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly matches: MatchesRepository,
    private readonly settlement: MatchSettlement,
    private readonly notifier: Notifier,
  ) {}

  handle(job: MatchDeadlineJob): Promise<DeadlineOutcome> {
    return this.uow.run((tx) => this.apply(tx, job));
  }

  private async apply(tx: Tx, job: MatchDeadlineJob): Promise<DeadlineOutcome> {
    const m = tx.manager;
    const match = await this.matches.lock(job.matchId, m);
    const reports = await this.matches.reportsOf(match.id, 'report', m);
    const onlySide = reports.A && !reports.B ? 'A' : reports.B && !reports.A ? 'B' : null;

    if (job.kind === 'second-reminder') {
      if (match.status !== 'in-progress' || !onlySide || match.secondReminderAt) return 'nothing';
      if (!(await this.matches.elapsed(match.startedAt, MATCH_DEADLINES_MS.secondReminder, m))) return 'nothing';
      const waiting = (await this.matches.playersOf(match.id, m)).filter((p) => p.team === otherSide(onlySide));
      await this.matches.markSecondReminderSent(match.id, m);
      await this.notifier.notify(
        tx,
        waiting.map((p) => ({
          userId: p.user_id,
          type: 'score_reminder',
          message: MSG.scoreReminderSecond(match.matchType),
          matchId: match.id,
          matchType: match.matchType,
        })),
      );
      return 'reminded';
    }

    if (job.kind === 'single-report') {
      if (match.status !== 'in-progress' || !onlySide) return 'nothing';
      if (!(await this.matches.elapsed(match.startedAt, MATCH_DEADLINES_MS.singleReport, m))) return 'nothing';
      await this.settlement.complete(tx, match, reports[onlySide]!, 'single-report');
      return 'completed';
    }

    if (match.status !== 'disputed') return 'nothing';
    // docs/matches.md#moderation: at 72 h the dispute goes to the ops' queue; untouched 7 days more, it is voided.
    if (job.kind === 'void-dispute') {
      if (match.moderationSince) return 'nothing';
      if (!(await this.matches.elapsed(match.disputedAt, MATCH_DEADLINES_MS.voidDispute, m))) return 'nothing';
      await this.matches.markModeration(match.id, m);
      tx.emit('match.changed', { matchId: match.id, status: 'disputed', playerIds: await this.matches.playerIds(match.id, m) });
      tx.emit('match.in-moderation', { matchId: match.id });
      return 'moderation';
    }
    if (!(await this.matches.elapsed(match.moderationSince, MATCH_DEADLINES_MS.moderationVoid, m))) return 'nothing';
    await this.settlement.void(tx, match);
    return 'voided';
  }
}
