import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { Leaderboards } from './leaderboards';
import { RatingScheduler } from './rating-scheduler';
import { RatingsRepository } from './ratings.repository';

/**
 * Ratings and the leaderboard sets, in both processes: the tables, the sets (rewritten on
 * player.changed, read by boards and profiles) and the listener that enqueues a completed ranked
 * match's rating job.
 */
@Module({
  imports: [JobsModule],
  providers: [RatingsRepository, Leaderboards, RatingScheduler],
  exports: [RatingsRepository, Leaderboards],
})
export class RatingsModule {}
