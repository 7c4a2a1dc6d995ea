import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/env';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { RedisModule } from './redis/redis.module';
import { JobRunnerModule } from './jobs/job-runner.module';
import { RealtimeEmitterModule } from './realtime/realtime-emitter.module';
import { EmailJobsModule } from './email/email.jobs.module';
import { VerificationJobsModule } from './verification/verification.jobs.module';
import { RatingsJobsModule } from './ratings/ratings.jobs.module';
import { ProfileCacheModule } from './profiles/profile-cache.module';
import { RatingsModule } from './ratings/ratings.module';
import { MatchesJobsModule } from './matches/matches.jobs.module';
import { LeaguesModule } from './leagues/leagues.module';
import { LeagueMatchesJobsModule } from './league-matches/league-matches.jobs.module';
import { PushJobsModule } from './push/push.jobs.module';
import { CourtsJobsModule } from './courts/courts.jobs.module';

/**
 * Everything the worker process runs: the job runner and each queue's handler, REALTIME_SINK bound
 * to the Redis emitter, and (through the feature modules) the same after-commit listeners as the
 * API. No HTTP code: a unit test (worker-graph.spec.ts) fails if this graph loads Fastify, Swagger,
 * helmet or bull-board.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(config.DATABASE_URL, 'worker'),
        RedisModule,
        JobRunnerModule,
        RealtimeEmitterModule,
        EmailJobsModule,
        VerificationJobsModule,
        RatingsJobsModule,
        MatchesJobsModule,
        PushJobsModule,
        // Court holds; and a court's next game when the worker settles its match.
        CourtsJobsModule,
        // No queue of its own: a deleted account's leagues must follow wherever account.deleted is delivered.
        LeaguesModule,
        // A league page's standings follow settlements and ratings the worker makes.
        LeagueMatchesJobsModule,
        // Last, after the ratings (registered here if nothing above did): listeners then run in the
        // same order as in the API (outbox.int-spec.ts).
        RatingsModule,
        ProfileCacheModule,
      ],
    };
  }
}
