import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { REDIS, redisKey, type RedisClient } from '../redis/redis.module';

/** How long a session checked in PostgreSQL is believed from Redis (docs/accounts.md#session-cache). */
export const SESSION_CACHE_SECONDS = 60;
/** A cut outlives every entry that could have been filled before it (fills race the revoking commit). */
const CUT_SECONDS = SESSION_CACHE_SECONDS * 2;
const REVOKED = '-';

/** What the cache knows of a session: live (for this user), revoked, or nothing (ask PostgreSQL). */
export type CachedSession = 'live' | 'revoked' | 'unknown';

/**
 * The answer of `SessionsRepository.isLive`, shared by every API instance through Redis, so an
 * authenticated request costs one Redis round trip (MGET) instead of a PostgreSQL query
 * (docs/accounts.md#session-cache). Revocation stays immediate on every instance because it is
 * written here, after its commit and before the revoking request answers:
 *
 * - one session (logout): its entry is overwritten with a tombstone;
 * - every session of a user (password reset, deletion): a per-user cut; while it exists no entry
 *   of that user is believed, PostgreSQL answers (and tombstones what it refuses).
 *
 * A fill (after PostgreSQL said live) is `SET NX`, so a fill racing a revocation can never
 * overwrite its tombstone; a fill that lands after a cut is ignored while the cut lasts, which is
 * longer than the fill's own life. Redis away: every check goes to PostgreSQL, as before.
 */
@Injectable()
export class SessionCache {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private sessionKey(sessionId: string): string {
    return redisKey(this.config, 'session', sessionId);
  }

  private cutKey(userId: number): string {
    return redisKey(this.config, 'session-cut', userId);
  }

  async get(sessionId: string, userId: number): Promise<CachedSession> {
    try {
      const [entry, cut] = await this.redis.mGet([this.sessionKey(sessionId), this.cutKey(userId)]);
      if (entry === REVOKED) return 'revoked';
      if (cut !== null || entry === null) return 'unknown';
      return entry === String(userId) ? 'live' : 'revoked';
    } catch {
      return 'unknown'; // Redis away: PostgreSQL answers
    }
  }

  /** Remembers PostgreSQL's answer; never overwrites a tombstone. Best effort. */
  async remember(sessionId: string, userId: number, live: boolean): Promise<void> {
    const key = this.sessionKey(sessionId);
    try {
      if (live) await this.redis.set(key, String(userId), { NX: true, EX: SESSION_CACHE_SECONDS });
      else await this.redis.set(key, REVOKED, { EX: SESSION_CACHE_SECONDS });
    } catch {
      /* Redis away: nothing cached, nothing to undo */
    }
  }

  /** After a logout commits: that session is refused on every instance from now on. Throws when Redis is away (the outbox retries). */
  async revoked(sessionId: string): Promise<void> {
    await this.redis.set(this.sessionKey(sessionId), REVOKED, { EX: SESSION_CACHE_SECONDS });
  }

  /** After every session of a user was revoked: none of their cached entries is believed any more. Throws when Redis is away (the outbox retries). */
  async allRevoked(userId: number): Promise<void> {
    await this.redis.set(this.cutKey(userId), String(Date.now()), { EX: CUT_SECONDS });
  }
}
