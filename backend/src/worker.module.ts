import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from './config/env';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { RedisModule } from './redis/redis.module';
import { PlayerStandingModule } from './ratings/player-standing.service';
import { JobsModule } from './jobs/jobs.module';
import { EmailProcessor } from './email/email.processor';
import { RatingProcessor } from './ratings/rating.processor';
import { MatchDeadlinesProcessor } from './matches/match-deadlines.processor';
import { IdVerificationModule } from './verification/id-verification.module';

/** Everything the worker process runs: BullMQ processors, no HTTP server. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(config), TypeOrmModule.forRoot(dataSourceOptions(config.DATABASE_URL)), RedisModule, JobsModule, PlayerStandingModule, IdVerificationModule],
      providers: [EmailProcessor, RatingProcessor, MatchDeadlinesProcessor],
    };
  }
}
