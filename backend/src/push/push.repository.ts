import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PushType } from '@gotnext/shared';
import { PUSH_DROP_AFTER_FAILURES, PUSH_MAX_DEVICES_PER_ACCOUNT } from './push-limits';

export interface StoredPushSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  failures: number;
}

/**
 * SQL for a direct message's push (docs/notifications.md#web-push): the sender's name when the
 * recipient has a device to push to, else NULL. The message's own insert statement reads it
 * (MessagesRepository.insertManyIfAllowed), so a message costs no statement of its own for push,
 * and a recipient without devices (most, and every one in the chat bench) no job either; this
 * module keeps what it reads of its table here. `senderId` and `recipientId` are SQL expressions.
 */
export const messagePushSenderSql = (senderId: string, recipientId: string): string =>
  `CASE WHEN EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = ${recipientId}) THEN (SELECT pu.username FROM users pu WHERE pu.id = ${senderId}) END`;

/** Every statement on `push_subscriptions` and `push_settings` (docs/notifications.md#web-push). */
@Injectable()
export class PushRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One row per device. A registered endpoint moves to another account only with the same keys
   * (the same browser subscription, logged in as someone else); its owner may renew the keys.
   * One statement, so two registrations racing for an endpoint cannot both win. False: the
   * endpoint is another account's and the keys differ (docs/notifications.md#web-push). Beyond
   * PUSH_MAX_DEVICES_PER_ACCOUNT the account's oldest registrations go (docs/notifications.md#push-budget).
   */
  async upsert(userId: number, endpoint: string, p256dh: string, auth: string): Promise<boolean> {
    return this.db.transaction(async (m) => {
      // One registration at a time per account, so the cap below holds when devices register at once.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('push-devices'), $1)`, [userId]);
      const rows: unknown[] = await m.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now(), failures = 0
          WHERE push_subscriptions.user_id = EXCLUDED.user_id
             OR (push_subscriptions.p256dh = EXCLUDED.p256dh AND push_subscriptions.auth = EXCLUDED.auth)
         RETURNING id`,
        [userId, endpoint, p256dh, auth],
      );
      if (rows.length === 0) return false;
      // The newest devices stay: a player who changed phones is never locked out by old ones.
      await m.query(
        `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
           SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
        [userId, PUSH_MAX_DEVICES_PER_ACCOUNT],
      );
      return true;
    });
  }

  /** Only the caller's own device row goes. */
  async remove(userId: number, endpoint: string): Promise<void> {
    await this.db.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`, [userId, endpoint]);
  }

  /** A push service said the subscription is gone (404/410). */
  async removeById(id: number): Promise<void> {
    await this.db.query(`DELETE FROM push_subscriptions WHERE id = $1`, [id]);
  }

  /**
   * After one push: a device served starts counting afresh, a failed one counts one more failure
   * and is forgotten at PUSH_DROP_AFTER_FAILURES in a row.
   */
  async recordSends(served: StoredPushSubscription[], failed: StoredPushSubscription[]): Promise<number> {
    const recovered = served.filter((d) => d.failures > 0).map((d) => d.id);
    if (recovered.length) await this.db.query(`UPDATE push_subscriptions SET failures = 0 WHERE id = ANY($1)`, [recovered]);
    if (!failed.length) return 0;
    const ids = failed.map((d) => d.id);
    const [dropped] = await this.db.query(`WITH d AS (DELETE FROM push_subscriptions WHERE id = ANY($1) AND failures + 1 >= $2 RETURNING id) SELECT count(*)::int AS n FROM d`, [
      ids,
      PUSH_DROP_AFTER_FAILURES,
    ]);
    await this.db.query(`UPDATE push_subscriptions SET failures = failures + 1 WHERE id = ANY($1)`, [ids]);
    return dropped.n;
  }

  /** The devices of a live account. */
  forUser(userId: number): Promise<StoredPushSubscription[]> {
    return this.db.query(
      `SELECT s.id, s.endpoint, s.p256dh, s.auth, s.failures FROM push_subscriptions s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = $1 AND u.deleted_at IS NULL ORDER BY s.id`,
      [userId],
    );
  }

  async countForUser(userId: number): Promise<number> {
    const [row] = await this.db.query(`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1`, [userId]);
    return row.n;
  }

  async disabled(userId: number): Promise<PushType[]> {
    const [row] = await this.db.query(`SELECT disabled FROM push_settings WHERE user_id = $1`, [userId]);
    return (row?.disabled ?? []) as PushType[];
  }

  async setDisabled(userId: number, disabled: PushType[]): Promise<void> {
    await this.db.query(`INSERT INTO push_settings (user_id, disabled) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET disabled = EXCLUDED.disabled`, [userId, disabled]);
  }

  /** The players of a match and its type, for the match-start push. */
  matchPlayers(matchId: number): Promise<{ user_id: number; match_type: string }[]> {
    return this.db.query(`SELECT mp.user_id, m.match_type FROM match_players mp JOIN matches m ON m.id = mp.match_id WHERE mp.match_id = $1`, [matchId]);
  }
}
