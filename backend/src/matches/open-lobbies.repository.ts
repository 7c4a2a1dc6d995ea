import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MatchType, OpenRange, ScoringType } from '@gotnext/shared';
import { notBlockedSql } from '../blocks/blocks.repository';
import { PreparedRepository } from '../database/prepared.repository';
import { shownUsernameSql } from '../users/shown-player-sql';

export interface OpenLobbyRow {
  id: number;
  match_type: MatchType;
  scoring_type: ScoringType;
  ranked: boolean;
  creator: string;
  players: number;
  open_min_rating: number;
  open_max_rating: number;
  joined: boolean;
}

/**
 * The open-lobby statements on `matches` (docs/matches.md#open-lobbies): a lobby's range and
 * region, and the list near a player. The reads join `users`, `ratings` and `blocks`, as the
 * asking feature may.
 */
@Injectable()
export class OpenLobbiesRepository extends PreparedRepository {
  /** What ranges and "near" are measured with: the player's state/region and overall internal rating (null before any rated game). */
  async playerFacts(userId: number, m?: EntityManager): Promise<{ region: string; rating: number | null }> {
    const [row] = await this.hotRead<{ region: string | null; rating: number | null }>(
      m,
      'open-lobbies.player-facts',
      `SELECT u.state AS region, r.rating FROM users u LEFT JOIN ratings r ON r.user_id = u.id AND r.pool = 'overall' WHERE u.id = $1`,
      [userId],
    );
    return { region: row?.region ?? '', rating: row?.rating ?? null };
  }

  async markOpen(matchId: number, range: OpenRange, region: string, m: EntityManager): Promise<void> {
    await m.query(`UPDATE matches SET open_min_rating = $2, open_max_rating = $3, open_region = $4 WHERE id = $1`, [matchId, range.min, range.max, region]);
  }

  /** The lobby's open range, null when it was not opened (read under the match's lock by a join). */
  async rangeOf(matchId: number, m: EntityManager): Promise<OpenRange | null> {
    const [row] = await this.hotRead<{ min: number | null; max: number | null }>(
      m,
      'open-lobbies.range-of',
      `SELECT open_min_rating AS min, open_max_rating AS max FROM matches WHERE id = $1`,
      [matchId],
    );
    return row && row.min !== null && row.max !== null ? { min: row.min, max: row.max } : null;
  }

  /**
   * Waiting, overall lobbies in `region` whose range holds `shown` (thousandths), newest first,
   * without the viewer's own and without creators blocked either way. The partial index
   * `matches_open_lobbies_idx` holds only waiting open lobbies; a waiting lobby always has a
   * free place (the last one makes it ready).
   */
  near(viewerId: number, region: string, shown: number, limit: number): Promise<OpenLobbyRow[]> {
    return this.prepared<OpenLobbyRow>(
      'open-lobbies.near',
      `SELECT m.id, m.match_type, m.scoring_type, m.ranked, ${shownUsernameSql('cu')} AS creator, m.open_min_rating, m.open_max_rating,
              (SELECT count(*)::int FROM match_players p WHERE p.match_id = m.id) AS players,
              EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = m.id AND p.user_id = $1) AS joined
         FROM matches m JOIN users cu ON cu.id = m.creator_id
        WHERE m.open_region = $2 AND m.status = 'waiting' AND m.open_min_rating IS NOT NULL AND m.league_id IS NULL
          AND $3 BETWEEN m.open_min_rating AND m.open_max_rating
          AND m.creator_id <> $1 AND cu.deleted_at IS NULL AND ${notBlockedSql('m.creator_id', '$1')}
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT $4`,
      [viewerId, region, shown, limit],
    );
  }
}
