import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type RatingJob } from '../jobs/queues';
import { MatchesRepository } from '../matches/matches.repository';
import { applyPendingRatings } from './rating-applier';
import { RatingsRepository } from './ratings.repository';

/** Applies completed ranked matches to the overall pool; the leaderboards follow (player.changed). */
@Injectable()
@JobHandler(QUEUES.rating, { concurrency: 1 })
export class RatingHandler implements JobProcessor<typeof QUEUES.rating> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ratings: RatingsRepository,
    private readonly matches: MatchesRepository,
  ) {}

  /**
   * Safe to run any number of times for the same match: only the first run changes anything. The
   * match's players' leaderboard entries are rewritten after commit even when nothing changed,
   * and a failure there fails the job, so its retry repairs the sets after a Redis hiccup.
   */
  handle(job: RatingJob): Promise<number[]> {
    return this.uow.run(async (tx) => {
      const changed = await applyPendingRatings(this.ratings, tx.manager);
      const players = await this.matches.playerIds(job.matchId, tx.manager);
      tx.emit('player.changed', { userIds: [...new Set([...changed, ...players])] });
      return changed;
    }, { afterCommitFailure: 'throw' });
  }
}
