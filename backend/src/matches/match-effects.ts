import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { rooms, type MatchChangedEvent } from '@gotnext/shared';
import { jobIds, type MatchDeadlineJob, type RatingJob } from '../jobs/queues';
import type { Notifier } from '../notifications/notifier';
import { MATCH_DEADLINES_MS } from './match-deadlines';

/** Where `match:changed` goes: the API's RealtimePublisher or the worker's redis-emitter. */
export interface MatchRoomSink {
  toRoom(room: string, event: 'match:changed', payload: MatchChangedEvent): void;
}

/**
 * Work that must wait until the transaction has committed: pushes and job enqueues. A player is
 * never told about (and no job runs for) a change that was rolled back.
 */
export class AfterCommit {
  private readonly steps: (() => unknown)[] = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  /** Runs every step; one failing (Redis briefly away) does not stop the others. */
  async run(): Promise<void> {
    for (const step of this.steps) {
      try {
        await step();
      } catch {
        // The database change stands. A missed push is covered by clients polling/reloading;
        // a missed rating job by the next one (it rates every pending match in order).
      }
    }
  }
}

/** Runs `work` in one transaction, then (only once it has committed) the steps it queued on `after`. */
export async function writeThenNotify<T>(db: DataSource, work: (m: EntityManager, after: AfterCommit) => Promise<T>): Promise<T> {
  const after = new AfterCommit();
  const result = await db.transaction((m) => work(m, after));
  await after.run();
  return result;
}

/** The side effects of match changes, the same in the API and in the worker. */
export class MatchEffects {
  constructor(
    readonly notifier: Notifier,
    private readonly sink: MatchRoomSink,
    private readonly ratingQueue: Queue<RatingJob>,
    private readonly deadlineQueue: Queue<MatchDeadlineJob>,
  ) {}

  changed(after: AfterCommit, matchId: number, status: string): void {
    after.add(() => this.sink.toRoom(rooms.match(matchId), 'match:changed', { match_id: matchId, status, at: Date.now() }));
  }

  rate(after: AfterCommit, matchId: number): void {
    after.add(() => this.ratingQueue.add('rate', { matchId }, { jobId: jobIds.rating(matchId) }));
  }

  schedule(after: AfterCommit, kind: MatchDeadlineJob['kind'], matchId: number): void {
    const delay = { 'second-reminder': MATCH_DEADLINES_MS.secondReminder, 'single-report': MATCH_DEADLINES_MS.singleReport, 'void-dispute': MATCH_DEADLINES_MS.voidDispute }[kind];
    after.add(() => this.deadlineQueue.add(kind, { kind, matchId }, { jobId: jobIds.matchDeadline(kind, matchId), delay }));
  }
}
