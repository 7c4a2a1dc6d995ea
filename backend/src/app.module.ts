import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from './config/env';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { RedisModule } from './redis/redis.module';
import { JobsModule } from './jobs/jobs.module';
import { RealtimeModule } from './realtime/realtime.module';
import { AuthCoreModule } from './auth/auth-core.module';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';
import { NotifierModule } from './notifications/notifier.provider';
import { PlayerStandingModule } from './ratings/player-standing.service';
import { HealthController } from './health/health.controller';
import { MatchesModule } from './matches/matches.module';
import { ProfilesModule } from './profiles/profiles.module';

import { MediaModule } from './media/media.module';
import { NotificationsModule } from './notifications/notifications.module';
import { BlocksModule } from './blocks/blocks.module';
import { VerificationModule } from './verification/verification.module';
/** Everything the API process serves. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRoot(dataSourceOptions(config.DATABASE_URL)),
        RedisModule,
        JobsModule,
        RealtimeModule,
        NotifierModule,
        PlayerStandingModule,
        AuthCoreModule,
        UsersModule,
        AuthModule,
        MatchesModule,
        ProfilesModule,
        MediaModule,
        NotificationsModule,
        BlocksModule,
        VerificationModule,
      ],
      controllers: [HealthController],
    };
  }
}
