import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { RatingHandler } from './rating.handler';
import { RatingsModule } from './ratings.module';

/** The worker side of ratings: the `rating` queue's handler. */
@Module({
  imports: [RatingsModule, MatchesModule],
  providers: [RatingHandler],
})
export class RatingsJobsModule {}
