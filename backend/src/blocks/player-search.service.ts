import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PLAYER_SEARCH_LIMIT, type PlayerSearchResult } from '@gotnext/shared';
import { notBlockedSql } from './block-filter';

/** `%`, `_` and `\` typed by a player are letters, not wildcards. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /api/players: usernames containing the query, names starting with it first. Deleted
 * accounts never show; a logged-in searcher does not see themselves nor anyone blocked either way.
 */
@Injectable()
export class PlayerSearchService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async search(query: string, viewerId?: number): Promise<PlayerSearchResult[]> {
    const q = query.trim().toLowerCase().slice(0, 100);
    if (!q) return [];
    const viewerFilter = viewerId ? `AND u.id <> $4 AND ${notBlockedSql('u.id', '$4')}` : '';
    const params: unknown[] = [`%${escapeLike(q)}%`, `${escapeLike(q)}%`, PLAYER_SEARCH_LIMIT];
    if (viewerId) params.push(viewerId);
    return this.db.query(
      `SELECT u.id AS user_id, u.username, u.profile_picture, u.profile_picture_version
         FROM users u
        WHERE u.deleted_at IS NULL AND lower(u.username) LIKE $1 ${viewerFilter}
        ORDER BY (lower(u.username) LIKE $2) DESC, lower(u.username)
        LIMIT $3`,
      params,
    );
  }
}
