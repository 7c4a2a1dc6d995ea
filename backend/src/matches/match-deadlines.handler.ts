import type { DataSource, EntityManager } from 'typeorm';
import { MSG } from '@gotnext/shared';
import type { MatchDeadlineJob } from '../jobs/queues';
import { AfterCommit, MatchEffects, writeThenNotify } from './match-effects';
import { MATCH_DEADLINES_MS } from './match-deadlines';
import { otherSide } from './match-rules';
import { lockMatch, playersOf, reportsOf } from './match-store';
import { completeMatch, voidMatch } from './match-settlement';

export type DeadlineOutcome = 'reminded' | 'completed' | 'voided' | 'nothing';

/**
 * What a deadline does when it fires. Each one re-reads the match under its row lock and checks
 * the time against the database clock, so a job that runs twice, runs early, or finds the match
 * already settled does nothing.
 */
export class MatchDeadlinesHandler {
  constructor(
    private readonly db: DataSource,
    private readonly fx: MatchEffects,
  ) {}

  handle(job: MatchDeadlineJob): Promise<DeadlineOutcome> {
    return writeThenNotify(this.db, (m, after) => this.apply(m, after, job));
  }

  private async due(m: EntityManager, since: Date | null, ms: number): Promise<boolean> {
    if (!since) return false;
    const rows: { due: boolean }[] = await m.query(`SELECT now() >= $1::timestamptz + ($2::bigint * interval '1 millisecond') AS due`, [since, ms]);
    return rows[0].due;
  }

  private async apply(m: EntityManager, after: AfterCommit, job: MatchDeadlineJob): Promise<DeadlineOutcome> {
    const match = await lockMatch(m, job.matchId);
    const reports = await reportsOf(m, match.id, 'report');
    const onlySide = reports.A && !reports.B ? 'A' : reports.B && !reports.A ? 'B' : null;

    if (job.kind === 'second-reminder') {
      if (match.status !== 'in-progress' || !onlySide || match.second_reminder_at) return 'nothing';
      if (!(await this.due(m, match.started_at, MATCH_DEADLINES_MS.secondReminder))) return 'nothing';
      const waiting = (await playersOf(m, match.id)).filter((p) => p.team === otherSide(onlySide));
      await m.query(`UPDATE matches SET second_reminder_at = now() WHERE id = $1`, [match.id]);
      after.add(await this.fx.notifier.store(m, waiting.map((p) => ({
        userId: p.user_id, type: 'score_reminder', message: MSG.scoreReminderSecond(match.match_type), matchId: match.id, matchType: match.match_type,
      }))));
      return 'reminded';
    }

    if (job.kind === 'single-report') {
      if (match.status !== 'in-progress' || !onlySide) return 'nothing';
      if (!(await this.due(m, match.started_at, MATCH_DEADLINES_MS.singleReport))) return 'nothing';
      await completeMatch(m, this.fx, after, match, reports[onlySide]!, 'single-report');
      return 'completed';
    }

    if (match.status !== 'disputed') return 'nothing';
    if (!(await this.due(m, match.disputed_at, MATCH_DEADLINES_MS.voidDispute))) return 'nothing';
    await voidMatch(m, this.fx, after, match);
    return 'voided';
  }
}
