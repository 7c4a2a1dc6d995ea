import { Module } from '@nestjs/common';
import { RatingsModule } from '../ratings/ratings.module';
import { SessionsModule } from '../sessions/sessions.module';
import { LeaderboardCache } from './leaderboard-cache';
import { LeaderboardsController } from './leaderboards.controller';
import { LeaderboardsRepository } from './leaderboards.repository';
import { LeaderboardsService } from './leaderboards.service';

/** The board calls (API only): the shared page cache, its invalidation, and the per-viewer reads. */
@Module({
  imports: [RatingsModule, SessionsModule],
  controllers: [LeaderboardsController],
  providers: [LeaderboardsRepository, LeaderboardCache, LeaderboardsService],
})
export class LeaderboardsHttpModule {}
