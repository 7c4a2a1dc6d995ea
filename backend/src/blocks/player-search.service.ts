import { Injectable } from '@nestjs/common';
import { PLAYER_SEARCH_LIMIT, type PlayerSearchResult } from '@gotnext/shared';
import { BlocksRepository } from './blocks.repository';

/**
 * GET /api/players: usernames containing the query, names starting with it first. Deleted
 * accounts never show; a logged-in searcher does not see themselves nor anyone blocked either way.
 */
@Injectable()
export class PlayerSearchService {
  constructor(private readonly blocks: BlocksRepository) {}

  async search(query: string, viewerId?: number): Promise<PlayerSearchResult[]> {
    const q = query.trim().toLowerCase().slice(0, 100);
    if (!q) return [];
    return this.blocks.searchPlayers(q, PLAYER_SEARCH_LIMIT, viewerId);
  }
}
