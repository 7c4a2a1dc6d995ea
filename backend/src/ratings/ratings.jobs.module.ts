import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { RatingEngineUpgrade } from './rating-engine-upgrade';
import { LeaderboardRebuild } from './leaderboard-rebuild';
import { RatingHandler } from './rating.handler';
import { RatingsModule } from './ratings.module';

/** The worker side of ratings: the `rating` queue's handler, and the rebuild of the sets at boot when Redis lacks them. */
@Module({
  imports: [RatingsModule, MatchesModule],
  providers: [RatingHandler, LeaderboardRebuild, RatingEngineUpgrade],
})
export class RatingsJobsModule {}
