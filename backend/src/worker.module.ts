import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from './config/env';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { RedisModule } from './redis/redis.module';
import { JobsModule } from './jobs/jobs.module';
import { EmailProcessor } from './email/email.processor';

/** Everything the worker process runs: BullMQ processors, no HTTP server. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(config), TypeOrmModule.forRoot(dataSourceOptions(config.DATABASE_URL)), RedisModule, JobsModule],
      providers: [EmailProcessor],
    };
  }
}
