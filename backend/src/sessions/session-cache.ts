import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { REDIS, redisKey, type RedisClient } from '../redis/redis.module';
import { spreadLifetime } from '../redis/spread-lifetime';
import { TurnBatcher } from '../common/turn-batcher';

/** How long at most a session checked in PostgreSQL is believed from Redis (docs/accounts.md#session-cache); each entry 80–100 % of it (spreadLifetime). */
export const SESSION_CACHE_SECONDS = 60;
/** A cut outlives every entry that could have been filled before it (fills race the revoking commit). */
const CUT_SECONDS = SESSION_CACHE_SECONDS * 2;
const REVOKED = '-';

/** What the cache knows of a session: live (for this user), revoked, or nothing (ask PostgreSQL). */
export type CachedSession = 'live' | 'revoked' | 'unknown';

interface Lookup {
  sessionId: string;
  userId: number;
}

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
 *
 * The checks an instance makes within one turn of its event loop go as one MGET (TurnBatcher, as
 * the chat's sends do; docs/accounts.md#session-cache): one command and one socket write for a
 * turn's requests instead of one each (profiled on the chat bench: the API's writes to Redis were
 * ~5 % of its CPU over HTTP). A check still asks Redis after every write that came before it: a
 * revocation answered before a request arrived is seen by that request's batch.
 */
@Injectable()
export class SessionCache {
  private readonly lookups = new TurnBatcher<Lookup, CachedSession>((asked) => this.getMany(asked));

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

  get(sessionId: string, userId: number): Promise<CachedSession> {
    return this.lookups.add({ sessionId, userId });
  }

  private async getMany(asked: readonly Lookup[]): Promise<CachedSession[]> {
    let found: (string | null)[];
    try {
      found = await this.redis.mGet(asked.flatMap((a) => [this.sessionKey(a.sessionId), this.cutKey(a.userId)]));
    } catch {
      return asked.map(() => 'unknown'); // Redis away: PostgreSQL answers
    }
    return asked.map(({ userId }, i) => {
      const entry = found[2 * i];
      if (entry === REVOKED) return 'revoked';
      if (found[2 * i + 1] !== null || entry === null) return 'unknown';
      return entry === String(userId) ? 'live' : 'revoked';
    });
  }

  /** Remembers PostgreSQL's answer; never overwrites a tombstone. Best effort. */
  async remember(sessionId: string, userId: number, live: boolean): Promise<void> {
    const key = this.sessionKey(sessionId);
    try {
      if (live) await this.redis.set(key, String(userId), { NX: true, EX: spreadLifetime(SESSION_CACHE_SECONDS) });
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
