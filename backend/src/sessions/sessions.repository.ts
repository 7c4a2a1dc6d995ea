import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { PreparedRepository } from '../database/prepared.repository';
import { SessionEntity } from './entities/session.entity';

/** Every statement on `sessions`. */
@Injectable()
export class SessionsRepository extends PreparedRepository {
  async insert(id: string, userId: number, expiresAt: Date, m: EntityManager = this.db.manager, hashes?: { device: string | null; address: string | null }): Promise<void> {
    await m.insert(SessionEntity, { id, userId, expiresAt, deviceHash: hashes?.device ?? null, addressHash: hashes?.address ?? null });
  }

  /**
   * The session is live: not revoked, not expired, and its account not deleted. Asked on every
   * authenticated request, so it runs prepared (planned once per connection, docs/api.md#auth-modes).
   */
  async isLive(sessionId: string, userId: number): Promise<boolean> {
    const rows = await this.prepared(
      'sessions.is-live',
      `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.deleted_at IS NULL`,
      [sessionId, userId],
    );
    return rows.length > 0;
  }

  /** Revokes a live session; the user it belonged to, or null when it was not live. */
  async revoke(sessionId: string, m: EntityManager = this.db.manager): Promise<number | null> {
    const [rows]: [{ user_id: number }[], number] = await m.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING user_id`, [sessionId]);
    return rows[0]?.user_id ?? null;
  }

  /** Ends the account's oldest live sessions beyond the newest `keep`; their ids. One account at a time (its user row locked). */
  async revokeBeyond(userId: number, keep: number, m: EntityManager = this.db.manager): Promise<string[]> {
    await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    const [rows]: [{ id: string }[], number] = await m.query(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id NOT IN (
         SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id DESC LIMIT $2)
       RETURNING id`,
      [userId, keep],
    );
    return rows.map((r) => r.id);
  }

  async revokeAllOf(userId: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.update(SessionEntity, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
