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
import { PushJobsModule } from './push/push.jobs.module';
import { CourtsJobsModule } from './courts/courts.jobs.module';
import { WitnessedJobsModule } from './witnessed/witnessed.jobs.module';
import { IntegrityJobsModule } from './integrity/integrity.jobs.module';
import { ChatJobsModule } from './chat/chat.jobs.module';

/**
 * Everything the worker process runs: the job runner and each queue's handler, REALTIME_SINK bound
 * to the Redis emitter, and (through the feature modules) the after-commit listeners that name the
 * worker (docs/architecture.md#where-a-listener-runs). No HTTP code: a unit test (worker-graph.spec.ts) fails if this graph loads Fastify, Swagger,
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
        // A scoreboard told when a deadline settles its match.
        WitnessedJobsModule,
        // The nightly integrity scan and calibration (docs/rating.md#integrity).
        IntegrityJobsModule,
        // The chats' coming months (docs/scaling.md#partitioned-chat).
        ChatJobsModule,
        // Their listeners follow what the worker commits (ratings, deadlines); modules are imported
        // for what they provide, listener order is declared (docs/architecture.md#where-a-listener-runs).
        RatingsModule,
        ProfileCacheModule,
      ],
    };
  }
}
