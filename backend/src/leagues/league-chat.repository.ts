import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { LeagueChatMessage } from '@gotnext/shared';
import { PAGE_QUERY_LIMIT } from '../chat/chat-page';
import { preparedQuery } from '../database/prepared-query';

interface MessageRow extends Omit<LeagueChatMessage, 'timestamp'> {
  created_at: Date;
}

const toMessage = ({ created_at, ...r }: MessageRow): LeagueChatMessage => ({ ...r, timestamp: created_at.toISOString() });

/** A message with its sender as the chat shows them (a deleted account as 'Deleted player', without a picture). */
const SELECT = `SELECT c.id, c.league_id, c.body AS message, c.sender_id,
                       CASE WHEN u.deleted_at IS NULL THEN u.username ELSE 'Deleted player' END AS username,
                       CASE WHEN u.deleted_at IS NULL THEN u.profile_picture END AS profile_picture,
                       u.profile_picture_version, c.created_at
                  FROM league_messages c JOIN users u ON u.id = c.sender_id`;

/** Every statement on `league_messages` (docs/leagues.md#chat), paged like every chat (docs/social.md#chat-building-blocks). */
@Injectable()
export class LeagueChatRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * A member's message in one statement, its own transaction (docs/leagues.md#chat): the league
   * chat's advisory lock (so its ids commit in order and a cursor never skips one), the sender's
   * membership row held FOR SHARE until the commit (a leave waits for this message, so none lands
   * after the member left), the insert, and the message with the sender as the chat shows them.
   * One round trip instead of BEGIN, lock, membership, insert, re-read, COMMIT
   * (bench/chat.bench.mjs). Null when the sender is not a member (nothing stored).
   */
  async insertIfMember(leagueId: number, senderId: number, body: string): Promise<LeagueChatMessage | null> {
    const rows = await preparedQuery<MessageRow>(
      this.db,
      'league-messages.insert-if-member',
      `WITH locked AS (SELECT pg_advisory_xact_lock(hashtextextended('league-chat:' || $1::int, 0))),
       member AS (
         SELECT m.user_id FROM locked, league_members m JOIN users u ON u.id = m.user_id
          WHERE m.league_id = $1 AND m.user_id = $2 AND u.deleted_at IS NULL
            FOR SHARE OF m),
       ins AS (INSERT INTO league_messages (league_id, sender_id, body) SELECT $1, user_id, $3 FROM member RETURNING id, league_id, body, sender_id, created_at)
       SELECT ins.id, ins.league_id, ins.body AS message, ins.sender_id, u.username, u.profile_picture, u.profile_picture_version, ins.created_at
         FROM ins JOIN users u ON u.id = ins.sender_id`,
      [leagueId, senderId, body],
    );
    return rows[0] ? toMessage(rows[0]) : null;
  }

  /** One page of a league's chat, newest first, ids below `before` (PAGE_QUERY_LIMIT rows: one more than a page). */
  async page(leagueId: number, before: number | undefined, m: EntityManager = this.db.manager): Promise<LeagueChatMessage[]> {
    const rows: MessageRow[] = await m.query(`${SELECT} WHERE c.league_id = $1 AND ($2::int IS NULL OR c.id < $2) ORDER BY c.id DESC LIMIT $3`, [leagueId, before ?? null, PAGE_QUERY_LIMIT]);
    return rows.map(toMessage);
  }
}
