import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PreparedRepository } from '../database/prepared.repository';
import { OVERALL_POOL } from '../ratings/rating-pools';

/** What a board row shows besides the rank, rating and games the sorted set holds. */
export interface PlayerCard {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  wins: number;
  losses: number;
  draws: number;
}

/** What a logged-in viewer changes about a board: whom they must not see, and their own row. */
export interface ViewerContext {
  /** Players blocked either way (docs/identity-rules.md#blocking). */
  blocked: number[];
  card: PlayerCard | null;
}

const CARD_SQL = `
  SELECT u.id AS user_id, u.username, u.profile_picture, u.profile_picture_version, r.wins, r.losses, r.draws
    FROM users u JOIN ratings r ON r.user_id = u.id AND r.pool = '${OVERALL_POOL}'
   WHERE u.deleted_at IS NULL`;

/** `%`, `_` and `\` typed by a player are letters, not wildcards. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The reads behind the boards (docs/leaderboards.md). Leaderboards own no table: order and ranks
 * come from the sorted sets (ratings/leaderboards.ts); these read users, ratings and blocks by
 * primary key or index, never a scan.
 */
@Injectable()
export class LeaderboardsRepository extends PreparedRepository {
  /** Cards of these players (deleted accounts left out). */
  cards(userIds: number[]): Promise<PlayerCard[]> {
    if (!userIds.length) return Promise.resolve([]);
    return this.prepared('leaderboards.cards', `${CARD_SQL} AND u.id = ANY($1::int[])`, [userIds]);
  }

  /** The viewer's blocks (both ways) and own card, in one round trip; run on every logged-in board call. */
  async viewer(viewerId: number): Promise<ViewerContext> {
    const [row] = await this.prepared<{ blocked: number[]; card: PlayerCard | null }>(
      'leaderboards.viewer',
      `SELECT ARRAY(SELECT blocked_id FROM blocks WHERE blocker_id = $1 UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = $1) AS blocked,
              (SELECT row_to_json(c) FROM (${CARD_SQL} AND u.id = $1) c) AS card`,
      [viewerId],
    );
    return { blocked: row.blocked, card: row.card };
  }

  /**
   * Listed players whose username starts with `prefix` (lower case), in the given `users.state`
   * values (null: any), by name in byte order, which the username index (text_pattern_ops) both
   * filters and orders, so the scan stops after `limit` rows. The viewer and players blocked
   * either way are the caller's to drop.
   */
  searchListed(prefix: string, states: string[] | null, limit: number, m: EntityManager = this.db.manager): Promise<{ id: number }[]> {
    return m.query(
      `SELECT u.id
         FROM users u JOIN ratings r ON r.user_id = u.id AND r.pool = $4
        WHERE lower(u.username) LIKE $1 AND u.deleted_at IS NULL AND u.email_verified AND u.id_verified AND r.games > 0
          AND ($2::text[] IS NULL OR u.state = ANY($2::text[]))
        ORDER BY lower(u.username) USING ~<~
        LIMIT $3`,
      [`${escapeLike(prefix)}%`, states, limit, OVERALL_POOL],
    );
  }
}
