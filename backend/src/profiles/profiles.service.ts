import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_PREFERENCES, displayRating, INITIAL_RATING, isProvisional, MSG, type Preferences, type UserProfile, type UserStatsResponse } from '@gotnext/shared';
import { APP_CONFIG, AppConfig } from '../config/env';
import { REDIS, type RedisClient } from '../redis/redis.module';
import { OVERALL_POOL } from '../ratings/rating-pools';
import { rankIn, regionScopeOf } from '../ratings/leaderboard-sets';
import { historyOf, statisticsOf } from './match-history';
import { safeTimeZone } from './local-time';

/** How many matches a profile and a non-full stats call show. */
export const RECENT_MATCHES = 10;

interface ProfileUser {
  id: number;
  username: string;
  state: string;
  bio: string;
  height: string | null;
  weight: string | null;
  profile_picture: string | null;
  profile_picture_version: number;
  preferences: Partial<Preferences>;
  rating: number | null;
  games: number | null;
}

/** Public profiles and match statistics. Preferences hide fields from everyone but the owner. */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async user(userId: number): Promise<ProfileUser> {
    const rows: ProfileUser[] = await this.db.query(
      `SELECT u.id, u.username, u.state, u.bio, u.height, u.weight, u.profile_picture, u.profile_picture_version, u.preferences, r.rating, r.games
         FROM users u LEFT JOIN ratings r ON r.user_id = u.id AND r.pool = $2
        WHERE u.id = $1 AND u.deleted_at IS NULL`,
      [userId, OVERALL_POOL],
    );
    if (!rows.length) throw new NotFoundException({ message: MSG.playerNotFound });
    return rows[0];
  }

  async stats(viewerId: number, userId: number, timezone: unknown, full: boolean): Promise<UserStatsResponse> {
    const u = await this.user(userId);
    const prefs = { ...DEFAULT_PREFERENCES, ...(u.preferences ?? {}) };
    const statistics = await statisticsOf(this.db.manager, userId);
    const history = await historyOf(this.db.manager, userId, safeTimeZone(timezone), full ? null : RECENT_MATCHES);
    const own = viewerId === userId;
    return {
      user_id: u.id,
      username: u.username,
      match_history: history,
      match_statistics: own || prefs.displayWinsLosses ? statistics : { total_disputes: statistics.total_disputes, games_played: statistics.games_played },
    };
  }

  async profile(viewerId: number | undefined, userId: number, timezone: unknown): Promise<UserProfile> {
    const u = await this.user(userId);
    const own = viewerId === userId;
    const prefs = { ...DEFAULT_PREFERENCES, ...(u.preferences ?? {}) };
    const shows = (key: keyof Preferences) => own || prefs[key];
    const statistics = await statisticsOf(this.db.manager, userId);
    const profile: UserProfile = {
      user_id: u.id,
      username: u.username,
      profile_picture: u.profile_picture,
      profile_picture_version: u.profile_picture_version,
      state: u.state,
      bio: u.bio,
      match_statistics: shows('displayWinsLosses') ? statistics : { total_disputes: statistics.total_disputes, games_played: statistics.games_played },
      recent_matches: await historyOf(this.db.manager, userId, safeTimeZone(timezone), RECENT_MATCHES),
    };
    if (shows('displayRating')) {
      profile.rating = displayRating(u.rating ?? INITIAL_RATING);
      profile.provisional = isProvisional(u.games ?? 0);
      profile.ranked_games = u.games ?? 0;
    }
    if (shows('displayStateRanking')) profile.region_ranking = await rankIn(this.redis, this.config, this.db, regionScopeOf(u.state), u.id);
    if (shows('displayHeight')) profile.height = u.height;
    if (shows('displayWeight')) profile.weight = u.weight;
    return profile;
  }
}
