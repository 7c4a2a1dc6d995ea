import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { Leaderboards } from './leaderboards';
import { RatingScheduler } from './rating-scheduler';
import { RatingsRepository } from './ratings.repository';

/**
 * Ratings and leaderboards, in both processes: the tables, the leaderboard sets (rewritten on
 * player.changed) and the listener that enqueues a completed ranked match's rating job.
 */
@Module({
  imports: [JobsModule],
  providers: [RatingsRepository, Leaderboards, RatingScheduler],
  exports: [RatingsRepository, Leaderboards],
})
export class RatingsModule {}
