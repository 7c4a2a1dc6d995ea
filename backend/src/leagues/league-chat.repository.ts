import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { LeagueChatMessage } from '@gotnext/shared';
import { PAGE_QUERY_LIMIT } from '../chat/chat-page';

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

  /** Serialises one league chat's writes for the rest of the transaction, so its ids commit in order and a cursor never skips one. */
  async lock(leagueId: number, m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('league-chat:' || $1::int, 0))`, [leagueId]);
  }

  async insert(leagueId: number, senderId: number, body: string, m: EntityManager): Promise<LeagueChatMessage> {
    const [{ id }]: { id: number }[] = await m.query(`INSERT INTO league_messages (league_id, sender_id, body) VALUES ($1, $2, $3) RETURNING id`, [leagueId, senderId, body]);
    const rows: MessageRow[] = await m.query(`${SELECT} WHERE c.id = $1`, [id]);
    return toMessage(rows[0]);
  }

  /** One page of a league's chat, newest first, ids below `before` (PAGE_QUERY_LIMIT rows: one more than a page). */
  async page(leagueId: number, before: number | undefined, m: EntityManager = this.db.manager): Promise<LeagueChatMessage[]> {
    const rows: MessageRow[] = await m.query(`${SELECT} WHERE c.league_id = $1 AND ($2::int IS NULL OR c.id < $2) ORDER BY c.id DESC LIMIT $3`, [leagueId, before ?? null, PAGE_QUERY_LIMIT]);
    return rows.map(toMessage);
  }
}
