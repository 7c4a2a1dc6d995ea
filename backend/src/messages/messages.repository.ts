import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DEFAULT_PREFERENCES, type DirectMessage } from '@gotnext/shared';
import type { MessageRelation } from './message-permission';
import { jsonbBatch } from '../database/jsonb-batch';
import { PreparedRepository } from '../database/prepared.repository';
import { notBlockedSql } from '../blocks/blocks.repository';
import { messagePushSenderSql } from '../push/push.repository';
import { PAGE_QUERY_LIMIT } from '../chat/chat-page';

interface MessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  body: string;
  created_at: Date;
  read_at: Date | null;
}

export const toDirectMessage = (r: MessageRow): DirectMessage => ({
  id: r.id,
  sender_id: r.sender_id,
  recipient_id: r.recipient_id,
  message: r.body,
  timestamp: r.created_at.toISOString(),
  read: r.read_at !== null,
});

export interface ConversationRow {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  last_message: string;
  last_sender_id: number;
  created_at: Date;
  unread_count: number;
}

/** A direct message on its way in: who writes, to whom, the checked text. */
export interface OutgoingMessage {
  senderId: number;
  recipientId: number;
  body: string;
}

/**
 * What became of one: the facts the rule read, and the stored message when the rule allowed it,
 * with the sender's name when the recipient has a device to push it to (else null).
 */
export interface SendOutcome {
  relation: MessageRelation;
  message: DirectMessage | null;
  pushSender: string | null;
}

/** The conversations a list shows at most (newest first). */
export const CONVERSATIONS_LIMIT = 100;

const COLUMNS = 'id, sender_id, recipient_id, body, created_at, read_at';
/** The pair (a, b) in either order, as the pair index stores it. */
const SAME_PAIR = 'LEAST(sender_id, recipient_id) = LEAST($1::int, $2::int) AND GREATEST(sender_id, recipient_id) = GREATEST($1::int, $2::int)';

/** Every statement on `direct_messages` (docs/social.md#messages). */
@Injectable()
export class MessagesRepository extends PreparedRepository {
  /**
   * Direct messages that arrived together (DirectMessageBatcher), each with who may write to whom,
   * in one statement that commits on its own (docs/social.md#messages): per message the
   * recipient's facts the rule reads (live, blocks both ways, friendship, allowMessages); for
   * those the rule allows, every conversation's advisory lock (in key order, so two batches never
   * wait on each other in a circle), then ids drawn in arrival order and the rows inserted. The
   * locks are held until the statement commits, so within a conversation ids commit in the order
   * they were given out (a page read by cursor never skips a late commit), and messages of one
   * conversation in one batch keep their arrival order. One round trip and one commit for the
   * whole batch (bench/chat.bench.mjs).
   *
   * The SQL condition is `messageRefusal` (message-permission.ts) said in SQL; the service still
   * runs that function on the returned facts for the refusal's words, and refuses when either says
   * no. A stored message also gets what its push needs (messagePushSenderSql), so push costs it no
   * statement of its own. Each message's facts are one lookup by index: OFFSET 0 keeps the lateral
   * subquery from being flattened into a join over the whole batch (why: docs/social.md#messages;
   * test/prepared-plans.int-spec.ts). Answers one entry per input, in order: null when the
   * recipient is not a live player.
   */
  async insertManyIfAllowed(items: readonly OutgoingMessage[]): Promise<(SendOutcome | null)[]> {
    const rows = await this.prepared<MessageRelation & Partial<MessageRow> & { ord: string; live: boolean; push_sender: string | null }>(
      'direct-messages.insert-many-if-allowed',
      `WITH input AS MATERIALIZED (
         SELECT t.sender_id, t.recipient_id, t.body, t.ord
           FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (sender_id int, recipient_id int, body text)) WITH ORDINALITY AS t(sender_id, recipient_id, body, ord)),
       rel AS MATERIALIZED (
         SELECT i.ord, i.sender_id, i.recipient_id, i.body, facts.*
           FROM input i CROSS JOIN LATERAL (
             SELECT u.preferences,
                    EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = i.sender_id AND b.blocked_id = u.id) AS "iBlocked",
                    EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = i.sender_id) AS "theyBlocked",
                    EXISTS (SELECT 1 FROM friendships f WHERE f.user_low = LEAST(i.sender_id, u.id) AND f.user_high = GREATEST(i.sender_id, u.id)) AS friends,
                    ${messagePushSenderSql('i.sender_id', 'u.id')} AS push_sender
               FROM users u WHERE u.id = i.recipient_id AND u.deleted_at IS NULL
             OFFSET 0) facts),
       allowed AS MATERIALIZED (
         SELECT ord, sender_id, recipient_id, body,
                hashtextextended('dm:' || LEAST(sender_id, recipient_id) || ':' || GREATEST(sender_id, recipient_id), 0) AS lock_key
           FROM rel
          WHERE NOT "iBlocked" AND NOT "theyBlocked" AND (friends OR COALESCE((preferences->>'allowMessages')::boolean, $2::boolean))),
       locked AS MATERIALIZED (
         SELECT count(*) AS n FROM (SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT lock_key AS k FROM allowed ORDER BY 1) keys) l),
       ids AS MATERIALIZED (
         SELECT a.ord, a.sender_id, a.recipient_id, a.body, nextval('direct_messages_id_seq')::int AS id
           FROM allowed a, locked ORDER BY a.ord),
       ins AS (
         INSERT INTO direct_messages (id, sender_id, recipient_id, body)
         SELECT id, sender_id, recipient_id, body FROM ids ORDER BY ord
         RETURNING ${COLUMNS})
       SELECT i.ord, r.ord IS NOT NULL AS live, r.preferences, r."iBlocked", r."theyBlocked", r.friends, ins.*,
              CASE WHEN ins.id IS NOT NULL THEN r.push_sender END AS push_sender
         FROM input i LEFT JOIN rel r ON r.ord = i.ord LEFT JOIN ids ON ids.ord = i.ord LEFT JOIN ins ON ins.id = ids.id
        ORDER BY i.ord`,
      [jsonbBatch(items.map((m) => ({ sender_id: m.senderId, recipient_id: m.recipientId, body: m.body }))), DEFAULT_PREFERENCES.allowMessages],
    );
    return rows.map((row) => {
      if (!row.live) return null;
      const { preferences, iBlocked, theyBlocked, friends } = row;
      const stored = row.id != null;
      return {
        relation: { preferences, iBlocked, theyBlocked, friends },
        message: stored ? toDirectMessage(row as MessageRow) : null,
        pushSender: stored ? row.push_sender : null,
      };
    });
  }

  /** One page of the chat between a and b, newest first, ids below `before` (PAGE_QUERY_LIMIT rows: one more than a page). */
  async page(a: number, b: number, before: number | undefined, m: EntityManager = this.db.manager): Promise<DirectMessage[]> {
    const rows: MessageRow[] = await m.query(`SELECT ${COLUMNS} FROM direct_messages WHERE ${SAME_PAIR} AND ($3::int IS NULL OR id < $3) ORDER BY id DESC LIMIT $4`, [
      a,
      b,
      before ?? null,
      PAGE_QUERY_LIMIT,
    ]);
    return rows.map(toDirectMessage);
  }

  /**
   * The newest message with each live player `userId` has talked to, not blocked either way, newest
   * first. The player's messages are found by the pair, where it is the lower id (the pair index)
   * or the higher (direct_messages_pair_high_idx): the same rows as by sender or recipient, with
   * one index less to write per message (docs/social.md#messages).
   */
  conversationsOf(userId: number, m: EntityManager = this.db.manager): Promise<ConversationRow[]> {
    return m.query(
      `WITH last AS (
         SELECT DISTINCT ON (partner) partner, id, sender_id, body, created_at
           FROM (SELECT CASE WHEN sender_id = $1 THEN recipient_id ELSE sender_id END AS partner, id, sender_id, body, created_at
                   FROM direct_messages
                  WHERE LEAST(sender_id, recipient_id) = $1 OR GREATEST(sender_id, recipient_id) = $1) d
          ORDER BY partner, id DESC)
       SELECT u.id AS user_id, u.username, u.profile_picture, u.profile_picture_version,
              l.body AS last_message, l.sender_id AS last_sender_id, l.created_at,
              (SELECT count(*)::int FROM direct_messages x WHERE x.recipient_id = $1 AND x.sender_id = l.partner AND x.read_at IS NULL) AS unread_count
         FROM last l JOIN users u ON u.id = l.partner
        WHERE u.deleted_at IS NULL AND ${notBlockedSql('u.id', '$1')}
        ORDER BY l.id DESC
        LIMIT $2`,
      [userId, CONVERSATIONS_LIMIT],
    );
  }

  /**
   * Unread messages to `userId`, and when the newest arrived. Messages from deleted players, or
   * across a block, are not counted: their conversations are not listed either.
   */
  async unreadOf(userId: number, m: EntityManager = this.db.manager): Promise<{ count: number; latest: Date | null }> {
    const rows: { count: number; latest: Date | null }[] = await m.query(
      `SELECT count(*)::int AS count, max(d.created_at) AS latest
         FROM direct_messages d JOIN users u ON u.id = d.sender_id
        WHERE d.recipient_id = $1 AND d.read_at IS NULL AND u.deleted_at IS NULL AND ${notBlockedSql('u.id', '$1')}`,
      [userId],
    );
    return rows[0];
  }

  /** Marks read what `senderId` sent `readerId`; answers how many changed. */
  async markReadFrom(readerId: number, senderId: number, m: EntityManager): Promise<number> {
    const [, affected] = await m.query(`UPDATE direct_messages SET read_at = now() WHERE recipient_id = $1 AND sender_id = $2 AND read_at IS NULL`, [readerId, senderId]);
    return affected;
  }

  /** Marks every message to `readerId` read; answers whose messages changed. */
  async markAllRead(readerId: number, m: EntityManager): Promise<number[]> {
    const [rows] = (await m.query(`UPDATE direct_messages SET read_at = now() WHERE recipient_id = $1 AND read_at IS NULL RETURNING sender_id`, [readerId])) as [
      { sender_id: number }[],
      number,
    ];
    return [...new Set(rows.map((r) => r.sender_id))];
  }
}
