import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/env';
import { REDIS, RedisClient } from '../redis/redis.module';
import { refreshLeaderboards } from './leaderboard-sets';

/**
 * Keeps a player's leaderboard entries true to who they are now. Only verified, live players with
 * a ranked match are listed, and the region decides the scopes, so every change of those (e-mail
 * or ID verified, identity edited and re-verification needed, region moved, account deleted)
 * calls refresh() after its commit, in the API and the worker alike.
 */
@Injectable()
export class PlayerStandingService {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  refresh(...userIds: number[]): Promise<void> {
    return refreshLeaderboards(this.redis, this.config, this.db, userIds);
  }
}

@Global()
@Module({ providers: [PlayerStandingService], exports: [PlayerStandingService] })
export class PlayerStandingModule {}
