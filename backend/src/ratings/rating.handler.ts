import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { UnitOfWork } from '../database/unit-of-work';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type RatingJob } from '../jobs/queues';
import { MatchResults } from '../matches/match-results';
import { MatchesRepository } from '../matches/matches.repository';
import { applyLeaguePool } from './league-pool';
import { OVERALL_POOL } from './rating-pools';
import { applyPendingRatings } from './rating-applier';
import { RatingsRepository } from './ratings.repository';

/** What the handler reads of a BullMQ job: whether this delivery is a retry or a restart. */
export type RatingDelivery = Pick<Job, 'attemptsMade' | 'attemptsStarted'>;

/** Applies completed ranked matches to the overall pool; the leaderboards follow (player.changed). */
@Injectable()
@JobHandler(QUEUES.rating, { concurrency: 4 })
export class RatingHandler implements JobProcessor<typeof QUEUES.rating> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ratings: RatingsRepository,
    private readonly matches: MatchesRepository,
    private readonly results: MatchResults,
  ) {}

  /**
   * Safe to run any number of times for the same match: only the first run changes anything. A
   * first delivery that finds nothing pending (an earlier job's batch took its match, or it is a
   * duplicate) ends after one read: whoever rated the match recorded player.changed for its players
   * in the outbox (docs/rating.md#redelivery); any job that finds matches pending applies them all. A retry or a restart (`delivery` says so) rewrites the match's
   * players' leaderboard entries after commit even when nothing changed, and a failure there fails
   * the job, so its next attempt repairs the sets after a Redis hiccup.
   */
  async handle(job: RatingJob, delivery?: RatingDelivery): Promise<number[]> {
    const state = await this.ratings.jobState(job.matchId);
    if (!state) throw new Error(`match ${job.matchId} not found`);
    const again = !!delivery && (delivery.attemptsMade > 0 || delivery.attemptsStarted > 1);
    if (state.leagueId === null && state.caughtUp && !again) return [];
    return this.uow.run(async (tx) => {
      // A league match is rated in its league's pool only (docs/rating.md#league-pools); its players'
      // result summaries went out at settlement, as a league match is never overall-ranked.
      if (state.leagueId !== null) {
        const changed = await applyLeaguePool(this.ratings, tx.manager, state.leagueId);
        tx.emit('league.standings-changed', { leagueId: state.leagueId });
        return changed;
      }
      const applied: number[] = [];
      const changed = await applyPendingRatings(this.ratings, tx.manager, OVERALL_POOL, applied);
      // Each match rated now gets its players' result summaries with the rating change, and its
      // lobby reads the result again (docs/matches.md#the-result). A rerun applies nothing, so tells nobody twice.
      await this.results.notifyMany(tx, applied);
      for (const matchId of applied) tx.emit('match.changed', { matchId, status: 'completed' });
      // The players of what this run applied; on a retry also the match's own, whose entries the
      // failed attempt may have left stale. A job whose match another run took meanwhile tells
      // nobody: that run recorded its players (docs/rating.md#redelivery).
      const players = again ? await this.matches.playerIds(job.matchId, tx.manager) : [];
      const userIds = [...new Set([...changed, ...players])];
      if (userIds.length) tx.emit('player.changed', { userIds });
      return changed;
    }, { afterCommitFailure: 'throw' });
  }
}
