import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Friend, FriendRequest, Preferences } from '@gotnext/shared';
import { notBlockedSql } from '../blocks/blocks.repository';

/** Where two players stand with each other, read in one statement. */
export interface PlayerRelation {
  userId: number;
  username: string;
  profilePicture: string | null;
  profilePictureVersion: number;
  preferences: Partial<Preferences>;
  /** The viewer blocked them. */
  iBlocked: boolean;
  /** They blocked the viewer. */
  theyBlocked: boolean;
  friends: boolean;
  /** The pending request between the two, whichever way it goes. */
  request: { id: number; senderId: number } | null;
}

export interface StoredRequest {
  id: number;
  senderId: number;
  recipientId: number;
}

const PAIR = (a: string, b: string) => `LEAST(${a}, ${b}), GREATEST(${a}, ${b})`;

/**
 * Every statement on `friend_requests` and `friendships` (docs/social.md#friends). Friendships are
 * stored once per pair, lower id first; a pending request is one row per pair whichever way it goes.
 */
@Injectable()
export class FriendsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Serialises every change to one pair's friendship for the rest of the transaction: a double
   * click or two players requesting each other at once run one after the other.
   */
  async lockPair(a: number, b: number, m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('friends:' || LEAST($1::int, $2::int) || ':' || GREATEST($1::int, $2::int), 0))`, [a, b]);
  }

  /** How `viewerId` and the live player `otherId` stand; null when there is no such live player. */
  async relation(viewerId: number, otherId: number, m: EntityManager = this.db.manager): Promise<PlayerRelation | null> {
    const rows: (Omit<PlayerRelation, 'request'> & { request_id: number | null; request_sender: number | null })[] = await m.query(
      `SELECT u.id AS "userId", u.username, u.profile_picture AS "profilePicture", u.profile_picture_version AS "profilePictureVersion", u.preferences,
              EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = u.id) AS "iBlocked",
              EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = $1) AS "theyBlocked",
              EXISTS (SELECT 1 FROM friendships f WHERE f.user_low = LEAST($1, u.id) AND f.user_high = GREATEST($1, u.id)) AS friends,
              r.id AS request_id, r.sender_id AS request_sender
         FROM users u
         LEFT JOIN friend_requests r ON (${PAIR('r.sender_id', 'r.recipient_id')}) = (${PAIR('$1::int', 'u.id')})
        WHERE u.id = $2 AND u.deleted_at IS NULL`,
      [viewerId, otherId],
    );
    const row = rows[0];
    if (!row) return null;
    const { request_id, request_sender, ...rest } = row;
    return { ...rest, request: request_id === null ? null : { id: request_id, senderId: request_sender! } };
  }

  async findRequest(id: number, m: EntityManager = this.db.manager): Promise<StoredRequest | null> {
    const rows: StoredRequest[] = await m.query(`SELECT id, sender_id AS "senderId", recipient_id AS "recipientId" FROM friend_requests WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async insertRequest(senderId: number, recipientId: number, m: EntityManager): Promise<number> {
    const rows: { id: number }[] = await m.query(`INSERT INTO friend_requests (sender_id, recipient_id) VALUES ($1, $2) RETURNING id`, [senderId, recipientId]);
    return rows[0].id;
  }

  async deleteRequest(id: number, m: EntityManager): Promise<boolean> {
    const [, affected] = await m.query(`DELETE FROM friend_requests WHERE id = $1`, [id]);
    return affected > 0;
  }

  /** Withdraws the request `senderId` sent `recipientId`, if any. */
  async deleteRequestFrom(senderId: number, recipientId: number, m: EntityManager): Promise<boolean> {
    const [, affected] = await m.query(`DELETE FROM friend_requests WHERE sender_id = $1 AND recipient_id = $2`, [senderId, recipientId]);
    return affected > 0;
  }

  async insertFriendship(a: number, b: number, m: EntityManager): Promise<void> {
    await m.query(`INSERT INTO friendships (user_low, user_high) VALUES (LEAST($1::int, $2::int), GREATEST($1::int, $2::int)) ON CONFLICT DO NOTHING`, [a, b]);
  }

  async deleteFriendship(a: number, b: number, m: EntityManager): Promise<boolean> {
    const [, affected] = await m.query(`DELETE FROM friendships WHERE user_low = LEAST($1::int, $2::int) AND user_high = GREATEST($1::int, $2::int)`, [a, b]);
    return affected > 0;
  }

  /** The live friends of `userId` not blocked either way, by name (`online` is filled in by the service). */
  friendsOf(userId: number, m: EntityManager = this.db.manager): Promise<Omit<Friend, 'online'>[]> {
    return m.query(
      `SELECT u.id AS user_id, u.username, u.profile_picture, u.profile_picture_version
         FROM friendships f
         JOIN users u ON u.id = CASE WHEN f.user_low = $1 THEN f.user_high ELSE f.user_low END
        WHERE (f.user_low = $1 OR f.user_high = $1) AND u.deleted_at IS NULL AND ${notBlockedSql('u.id', '$1')}
        ORDER BY lower(u.username)`,
      [userId],
    );
  }

  /** The pending requests `userId` received from live players not blocked either way, newest first. */
  requestsTo(userId: number, m: EntityManager = this.db.manager): Promise<FriendRequest[]> {
    return m.query(
      `SELECT r.id, r.sender_id, u.username, u.profile_picture, u.profile_picture_version,
              to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS timestamp
         FROM friend_requests r JOIN users u ON u.id = r.sender_id
        WHERE r.recipient_id = $1 AND u.deleted_at IS NULL AND ${notBlockedSql('u.id', '$1')}
        ORDER BY r.created_at DESC, r.id DESC`,
      [userId],
    );
  }
}
