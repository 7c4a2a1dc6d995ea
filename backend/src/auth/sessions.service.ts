import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { SessionEntity } from './entities/session.entity';
import { RealtimePublisher } from '../realtime/realtime.publisher';

export interface TokenClaims {
  sub: number;
  user_id: number;
  sid: string;
}

export interface AuthenticatedUser {
  id: number;
  sessionId: string;
}

/** Issues and checks bearer tokens; a token is only as good as its session row. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly jwt: JwtService,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly publisher: RealtimePublisher,
  ) {}

  async issue(userId: number): Promise<string> {
    const sid = randomUUID();
    const token = await this.jwt.signAsync({ sub: userId, user_id: userId, sid } satisfies TokenClaims);
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    await this.sessions.insert({ id: sid, userId, expiresAt: new Date(exp * 1000) });
    return token;
  }

  /** The user behind a token, or null for a missing, forged, expired or revoked one, or a deleted account. */
  async authenticate(token: string | undefined | null): Promise<AuthenticatedUser | null> {
    if (!token) return null;
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(token);
    } catch {
      return null;
    }
    if (!Number.isInteger(claims.sub) || typeof claims.sid !== 'string') return null;
    const rows: unknown[] = await this.sessions.query(
      `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.deleted_at IS NULL`,
      [claims.sid, claims.sub],
    );
    return rows.length ? { id: claims.sub, sessionId: claims.sid } : null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Revokes every session of a user and closes their open sockets on every instance. */
  async revokeAll(userId: number, reason: string): Promise<void> {
    await this.sessions.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.publisher.disconnectUser(userId, reason);
  }
}
