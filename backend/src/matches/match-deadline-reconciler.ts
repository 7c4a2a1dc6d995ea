import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type MatchDeadlineJob } from '../jobs/queues';
import { MATCH_DEADLINES_MS } from './match-deadlines';
import { MatchesRepository, type OpenMatchClock } from './matches.repository';

/** How often the worker re-enqueues every open match's deadlines (docs/jobs.md#deadlines-after-a-redis-loss). */
export const DEADLINE_RECONCILE_INTERVAL_MS = 5 * 60 * 1000;
/** A pass that failed (Redis not there yet at boot, say) is tried again this soon. */
const RETRY_MS = 2000;
/** Open matches per page: one query, one addBulk. */
const PAGE = 500;
/**
 * A reconciled job fires this long after its due time, so a worker or Redis clock a little ahead
 * of PostgreSQL's cannot run it early (the handler would then find it not due and do nothing).
 */
const MARGIN_MS = 1000;

/**
 * The deadline jobs an open match must have, from its own timestamps, each with the delay left
 * until it is due (docs/matches.md#deadlines). A deadline still to come is always listed (adding
 * it again is a no-op while its job exists); one already past only when its handler would act now
 * (a single side reported, a dispute not settled), so a match whose past deadline had nothing to
 * do is not given a job on every pass.
 */
export function deadlinesOf(m: OpenMatchClock): { kind: MatchDeadlineJob['kind']; delay: number }[] {
  const out: { kind: MatchDeadlineJob['kind']; delay: number }[] = [];
  const add = (kind: MatchDeadlineJob['kind'], since: Date | null, ms: number, actsWhenPast: boolean) => {
    if (!since) return;
    const left = since.getTime() + ms - m.now.getTime();
    if (left > 0 || actsWhenPast) out.push({ kind, delay: Math.max(0, left) + MARGIN_MS });
  };
  if (m.status === 'in-progress') {
    if (!m.second_reminder_at) add('second-reminder', m.started_at, MATCH_DEADLINES_MS.secondReminder, m.sides === 1);
    add('single-report', m.started_at, MATCH_DEADLINES_MS.singleReport, m.sides === 1);
  } else if (!m.moderation_since) {
    add('void-dispute', m.disputed_at, MATCH_DEADLINES_MS.voidDispute, true);
  } else {
    add('moderation-void', m.moderation_since, MATCH_DEADLINES_MS.moderationVoid, true);
  }
  return out;
}

/**
 * Deadlines that survive Redis (docs/jobs.md#deadlines-after-a-redis-loss). The deadline jobs live
 * only in Redis; a Redis that restarts without its data, or a failover to a replica that had not
 * caught up, would leave open matches with no deadline for ever. The worker therefore re-enqueues
 * every open match's deadlines (league matches included: they are rows of the same table) at boot
 * and every few minutes, under the same deterministic job ids the scheduler uses, so a job that
 * exists is left alone and a missing one comes back, due at the time the match's timestamps say.
 * **Decided:** a timer in the worker, not a BullMQ repeatable job, since a repeatable job is
 * itself kept in Redis and would be lost with what it is meant to repair.
 */
@Injectable()
export class MatchDeadlineReconciler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MatchDeadlines');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly matches: MatchesRepository,
    @InjectQueue(QUEUES.matchDeadlines) private readonly queue: Queue<MatchDeadlineJob>,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const pass = this.reconcile();
      this.running = pass;
      pass.then(
        () => this.schedule(DEADLINE_RECONCILE_INTERVAL_MS),
        (err) => {
          this.logger.warn(`deadline reconcile pass failed: ${err?.message ?? err}`);
          this.schedule(RETRY_MS);
        },
      );
    }, delay);
    this.timer.unref();
  }

  /** One pass over every open match; the number of deadline jobs offered to the queue. */
  async reconcile(): Promise<number> {
    let after = 0;
    let offered = 0;
    for (;;) {
      const rows = await this.matches.openMatchClocks(after, PAGE);
      if (!rows.length) return offered;
      const jobs = rows.flatMap((m) =>
        deadlinesOf(m).map(({ kind, delay }) => ({
          name: kind,
          data: { kind, matchId: m.id },
          opts: { jobId: jobIds.matchDeadline(kind, m.id), delay },
        })),
      );
      if (jobs.length) await this.queue.addBulk(jobs);
      offered += jobs.length;
      after = rows[rows.length - 1].id;
      if (rows.length < PAGE) return offered;
    }
  }
}
