import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { OnDomainEvent } from '../events/event-bus';
import { Authenticator, type AuthenticatedUser } from '../common/auth/authenticated-user';
import { SessionsRepository } from './sessions.repository';
import { sessionOriginHashes, type SessionOrigin } from './session-origin';
import { SessionCache } from './session-cache';
import { VerifiedTokens } from './verified-tokens';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { ACCESS_TOKEN_TYPE } from './token-kind';

export interface TokenClaims {
  sub: number;
  user_id: number;
  sid: string;
  /** The token's kind: only an access token opens a session (token-kind.ts). */
  typ: typeof ACCESS_TOKEN_TYPE;
  /** Set by the signer (JWT_EXPIRES_IN), seconds since epoch. */
  exp?: number;
}

/** Issues and checks bearer tokens; a token is only as good as its session row (docs/accounts.md). */
@Injectable()
export class SessionsService implements Authenticator {
  private readonly verified = new VerifiedTokens<TokenClaims & { exp: number }>();

  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionsRepository,
    private readonly uow: UnitOfWork,
    private readonly cache: SessionCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `origin`: where the login came from, kept only as keyed hashes (sessionOriginHashes) for the
   * integrity analysis's shared-device and shared-address signals (docs/rating.md#integrity).
   */
  async issue(userId: number, origin?: SessionOrigin): Promise<string> {
    const sid = randomUUID();
    const token = await this.jwt.signAsync({ sub: userId, user_id: userId, sid, typ: ACCESS_TOKEN_TYPE } satisfies TokenClaims);
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    // Beyond SESSIONS_MAX_PER_ACCOUNT live sessions the oldest end, their sockets closed like a logout's (docs/accounts.md#argon2-budget).
    await this.uow.run(async (tx) => {
      await this.sessions.insert(sid, userId, new Date(exp * 1000), tx.manager, origin && sessionOriginHashes(this.config.INTEGRITY_HASH_SECRET, origin));
      for (const ended of await this.sessions.revokeBeyond(userId, this.config.SESSIONS_MAX_PER_ACCOUNT, tx.manager)) {
        tx.emit('session.ended', { userId, sessionId: ended, reason: 'session_limit' });
      }
    });
    return token;
  }

  /** The user behind a token, or null for a missing, forged, expired or revoked one, or a deleted account. */
  async authenticate(token: string | undefined | null): Promise<AuthenticatedUser | null> {
    if (!token) return null;
    let claims = this.verified.get(token);
    if (!claims) {
      let verified: TokenClaims;
      try {
        verified = await this.jwt.verifyAsync<TokenClaims>(token);
      } catch {
        return null;
      }
      if (verified.typ !== ACCESS_TOKEN_TYPE || !Number.isInteger(verified.sub) || typeof verified.sid !== 'string' || !Number.isInteger(verified.exp)) return null;
      claims = verified as TokenClaims & { exp: number };
      this.verified.remember(token, claims);
    }
    // Redis first (one MGET), PostgreSQL when it does not know (docs/accounts.md#session-cache).
    const cached = await this.cache.get(claims.sid, claims.sub);
    let live = cached === 'live';
    if (cached === 'unknown') {
      live = await this.sessions.isLive(claims.sid, claims.sub);
      await this.cache.remember(claims.sid, claims.sub, live);
    }
    return live ? { id: claims.sub, sessionId: claims.sid, expiresAt: claims.exp * 1000 } : null;
  }

  /**
   * After a logout commits, before it answers: the session is refused on every instance
   * (docs/accounts.md#session-cache). API only: the worker holds no sessions. Before its sockets
   * close (order 2), so a reconnect on that token is already refused.
   */
  @OnDomainEvent('session.ended', { runsIn: ['api'], order: 1 })
  forgetEndedSession({ sessionId }: { sessionId: string }): Promise<void> {
    return this.cache.revoked(sessionId);
  }

  /** After every session of a user was revoked (password reset, deletion): none is believed from the cache any more, before their sockets close. */
  @OnDomainEvent('session.revoked', { runsIn: ['api'], order: 1 })
  forgetRevokedSessions({ userId }: { userId: number }): Promise<void> {
    return this.cache.allRevoked(userId);
  }

  /** Ends one session (logout); once that commits, realtime closes its sockets on every instance. */
  async revoke(sessionId: string): Promise<void> {
    await this.uow.run(async (tx) => {
      const userId = await this.sessions.revoke(sessionId, tx.manager);
      if (userId !== null) tx.emit('session.ended', { userId, sessionId, reason: 'logout' });
    });
  }

  /** Revokes every session of a user within `tx`; once it commits, realtime closes their sockets on every instance. */
  async revokeAll(tx: Tx, userId: number, reason: string): Promise<void> {
    await this.sessions.revokeAllOf(userId, tx.manager);
    tx.emit('session.revoked', { userId, reason });
  }

  /** A deleted account keeps no session (its tokens already fail: authenticate checks the account). */
  @OnDomainEvent('account.deleted', { runsIn: ['api'] })
  async endSessionsOfDeletedAccount({ userId }: { userId: number }): Promise<void> {
    await this.uow.run((tx) => this.revokeAll(tx, userId, 'account_deleted'));
  }
}
