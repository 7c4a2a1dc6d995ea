import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { UnitOfWork } from '../database/unit-of-work';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type RatingJob } from '../jobs/queues';
import { MatchResults } from '../matches/match-results';
import { MatchesRepository } from '../matches/matches.repository';
import { applyLeaguePool } from './league-pool';
import { OVERALL_POOL } from './rating-pools';
import { applyPendingRatings, type AppliedBatch } from './rating-applier';
import { RatingsRepository } from './ratings.repository';

/**
 * What the handler uses of its BullMQ job: whether this delivery is a retry or a restart, the
 * pool's deduplication key to free, and the data to record a retry's players in.
 */
export type RatingDelivery = Pick<Job<RatingJob>, 'attemptsMade' | 'attemptsStarted' | 'removeDeduplicationKey' | 'updateData'>;

/**
 * The least time between the starts of two overall batches in one worker (docs/rating.md#batch-spacing).
 * Under a steady stream of completions a batch took what completed during the previous one, about
 * 50 ms of them, and each batch has a fixed cost (its statements, the players it refreshes, its
 * notifications' delivery); spaced this far apart, batches are fewer and larger. An overall job
 * after a quiet spell starts at once.
 */
export const RATING_BATCH_SPACING_MS = 100;

/** Applies completed ranked matches to the overall pool; the leaderboards follow (player.changed). */
@Injectable()
@JobHandler(QUEUES.rating, { concurrency: 4 })
export class RatingHandler implements JobProcessor<typeof QUEUES.rating> {
  /** When this worker's next overall batch may start (docs/rating.md#batch-spacing). */
  private nextBatchAt = 0;
  /** The spacing in force; tests lengthen it to see a window open. */
  spacingMs = RATING_BATCH_SPACING_MS;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ratings: RatingsRepository,
    private readonly matches: MatchesRepository,
    private readonly results: MatchResults,
  ) {}

  /**
   * Safe to run any number of times: only the first run to find a match pending changes anything.
   * It first frees its pool's deduplication key, before any read: a completion enqueued until then
   * committed before it and is read below, one enqueued after gets a job of its own (one waits per
   * pool, docs/rating.md#redelivery). A first delivery that finds nothing pending (an earlier job's
   * batch took it all) ends after one read: whoever rated the matches recorded player.changed for
   * their players in the outbox; any job that finds matches pending applies them all. Before its
   * commit the job records on itself the players whose entries it rewrites; a retry or a restart
   * (`delivery` says so) rewrites those and the job's match's players after commit even when
   * nothing changed, and a failure there fails the job, so its next attempt repairs the sets after
   * a Redis hiccup. Without `delivery` (a direct call, not a BullMQ job) it runs as a first delivery.
   */
  async handle(job: RatingJob, delivery?: RatingDelivery): Promise<number[]> {
    await delivery?.removeDeduplicationKey();
    const state = await this.ratings.jobState(job.matchId);
    if (!state) throw new Error(`match ${job.matchId} not found`);
    const again = !!delivery && (delivery.attemptsMade > 0 || delivery.attemptsStarted > 1);
    if (state.leagueId === null && state.caughtUp && !again) return [];
    if (state.leagueId === null) await this.awaitBatchSlot();
    return this.uow.run(
      async (tx) => {
        // A league match is rated in its league's pool only (docs/rating.md#league-pools); its players'
        // result summaries went out at settlement, as a league match is never overall-ranked.
        if (state.leagueId !== null) {
          const { changed, overall } = await applyLeaguePool(this.ratings, tx.manager, state.leagueId);
          await this.results.rated(tx, overall, overall.userIds);
          tx.emit('league.standings-changed', { leagueId: state.leagueId });
          return changed;
        }
        const applied: AppliedBatch = { matchIds: [], events: [] };
        const changed = await applyPendingRatings(this.ratings, tx.manager, OVERALL_POOL, applied);
        // The players of what this run applied; on a retry also those an earlier attempt recorded and
        // the match's own, whose entries the failed attempt may have left stale. A job that found
        // everything taken by another run meanwhile tells nobody: that run recorded its players
        // (docs/rating.md#redelivery).
        const players = again ? [...(job.players ?? []), ...(await this.matches.playerIds(job.matchId, tx.manager))] : [];
        const userIds = [...new Set([...changed, ...players])];
        // Written before the commit, so a retry after a failed refresh knows them (a superset if the
        // commit then fails: rewriting an entry from the stored rating is harmless).
        if (changed.length) await delivery?.updateData({ ...job, players: userIds });
        // Each match rated now gets its players' result summaries with the rating change. A rerun
        // applies nothing, so tells nobody twice.
        await this.results.rated(tx, applied, userIds);
        return changed;
      },
      { afterCommitFailure: 'throw' },
    );
  }

  /**
   * Waits for this job's turn to start an overall batch: at most one starts per `spacingMs` in
   * this worker, each job taking the next free slot, so completions that arrive meanwhile join the
   * coming batch instead of each making a small one. The wait is before the transaction: no
   * connection or lock is held while waiting (docs/rating.md#batch-spacing).
   */
  private async awaitBatchSlot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextBatchAt);
    this.nextBatchAt = at + this.spacingMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}
