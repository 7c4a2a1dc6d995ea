import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { MatchEntity } from './entities/match.entity';
import { MatchDeadlineScheduler } from './match-deadline-scheduler';
import { MatchDetailsCache } from './match-details-cache';
import { MatchEvidence } from './match-evidence';
import { MatchResults } from './match-results';
import { MatchSettlement } from './match-settlement';
import { MatchesRepository } from './matches.repository';

/**
 * The match tables and the transitions both processes run (settlement), plus the listener that
 * enqueues a match's deadlines after commit; the match details cache, so that whichever process
 * commits a change to a match makes its entry stale (docs/scaling.md#cached-reads).
 */
@Module({
  imports: [TypeOrmModule.forFeature([MatchEntity]), NotificationsModule, JobsModule],
  providers: [MatchesRepository, MatchSettlement, MatchResults, MatchDeadlineScheduler, MatchDetailsCache, MatchEvidence],
  exports: [MatchesRepository, MatchSettlement, MatchResults, MatchDetailsCache, MatchEvidence],
})
export class MatchesModule {}
