import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { LeagueChatMessage } from '@gotnext/shared';
import { PAGE_QUERY_LIMIT } from '../chat/chat-page';
import { jsonbBatch } from '../database/jsonb-batch';
import { PreparedRepository } from '../database/prepared.repository';
import { shownPictureSql, shownUsernameSql } from '../users/shown-player-sql';

interface MessageRow extends Omit<LeagueChatMessage, 'timestamp'> {
  created_at: Date;
}

/** A league message on its way in: where, who writes, the checked text. */
export interface OutgoingLeagueMessage {
  leagueId: number;
  senderId: number;
  body: string;
}

const toMessage = ({ created_at, ...r }: MessageRow): LeagueChatMessage => ({ ...r, timestamp: created_at.toISOString() });

/** A message with its sender as the chat shows them (a deleted account as 'Deleted player', without a picture). */
const SELECT = `SELECT c.id, c.league_id, c.body AS message, c.sender_id,
                       ${shownUsernameSql('u')} AS username,
                       ${shownPictureSql('u')} AS profile_picture,
                       u.profile_picture_version, c.created_at
                  FROM league_messages c JOIN users u ON u.id = c.sender_id`;

/** Every statement on `league_messages` (docs/leagues.md#chat), paged like every chat (docs/social.md#chat-building-blocks). */
@Injectable()
export class LeagueChatRepository extends PreparedRepository {
  /**
   * League messages that arrived together (LeagueMessageBatcher), in one statement committing on
   * its own (docs/leagues.md#chat): every league's chat advisory lock (in key order, so two
   * batches never wait on each other in a circle; held until the commit, so a league's ids commit
   * in the order they were given out and a cursor never skips one), each sender's membership row
   * held FOR SHARE until the commit (a leave waits for the message, so none lands after the
   * member left), ids drawn in arrival order, the inserts, and each message with its sender as
   * the chat shows them. One round trip and one commit for the whole batch instead of one per
   * message (bench/chat.bench.mjs). Each sender's member row and name are one lookup by index: FOR
   * SHARE keeps the lateral subquery from being flattened into a join over the whole batch (why:
   * docs/social.md#messages). Answers one entry per input, in order: null when that sender is not
   * a member (nothing stored for it; the others are).
   */
  async insertManyIfMember(items: readonly OutgoingLeagueMessage[]): Promise<(LeagueChatMessage | null)[]> {
    const rows = await this.prepared<MessageRow>(
      'league-messages.insert-many-if-member',
      `WITH input AS MATERIALIZED (
         SELECT t.league_id, t.sender_id, t.body, t.ord
           FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (league_id int, sender_id int, body text)) WITH ORDINALITY AS t(league_id, sender_id, body, ord)),
       locked AS MATERIALIZED (
         SELECT count(*) AS n FROM (SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT hashtextextended('league-chat:' || league_id, 0) AS k FROM input ORDER BY 1) keys) l),
       member AS MATERIALIZED (
         SELECT i.ord, s.* FROM locked, input i CROSS JOIN LATERAL (
           SELECT u.username, u.profile_picture, u.profile_picture_version
             FROM league_members m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
            WHERE m.league_id = i.league_id AND m.user_id = i.sender_id
              FOR SHARE OF m) s),
       ids AS MATERIALIZED (
         SELECT i.ord, i.league_id, i.sender_id, i.body, nextval('league_messages_id_seq')::int AS id
           FROM input i JOIN member USING (ord) ORDER BY i.ord),
       ins AS (
         INSERT INTO league_messages (id, league_id, sender_id, body)
         SELECT id, league_id, sender_id, body FROM ids ORDER BY ord
         RETURNING id, league_id, body, sender_id, created_at)
       SELECT ins.id, ins.league_id, ins.body AS message, ins.sender_id, mb.username, mb.profile_picture, mb.profile_picture_version, ins.created_at
         FROM input i LEFT JOIN ids ON ids.ord = i.ord LEFT JOIN ins ON ins.id = ids.id LEFT JOIN member mb ON mb.ord = i.ord
        ORDER BY i.ord`,
      [jsonbBatch(items.map((m) => ({ league_id: m.leagueId, sender_id: m.senderId, body: m.body })))],
    );
    return rows.map((row) => (row.id == null ? null : toMessage(row)));
  }

  /** One page of a league's chat, newest first, ids below `before` (PAGE_QUERY_LIMIT rows: one more than a page). */
  async page(leagueId: number, before: number | undefined, m: EntityManager = this.db.manager): Promise<LeagueChatMessage[]> {
    const rows: MessageRow[] = await m.query(`${SELECT} WHERE c.league_id = $1 AND ($2::int IS NULL OR c.id < $2) ORDER BY c.id DESC LIMIT $3`, [
      leagueId,
      before ?? null,
      PAGE_QUERY_LIMIT,
    ]);
    return rows.map(toMessage);
  }
}
