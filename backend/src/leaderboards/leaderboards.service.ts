import { Injectable, NotFoundException } from '@nestjs/common';
import { LEADERBOARD_SIZE, MSG, TOP_PLAYERS_COUNT, type LeaderboardPlayer, type LeaderboardResponse, type TopPlayersResponse } from '@gotnext/shared';
import { Leaderboards } from '../ratings/leaderboards';
import { boardOfRegion, statesOfScope, WORLD_SCOPE, type Board } from '../ratings/leaderboard-scopes';
import { LeaderboardCache, type BoardPage } from './leaderboard-cache';
import { rowOf, rowsOf, topPlayerOf } from './leaderboard-rows';
import { LeaderboardsRepository, type ViewerContext } from './leaderboards.repository';

/** Pages the top-players panel may read to fill its 10 rows around blocked players. */
const TOP_PLAYERS_MAX_PAGES = 5;

/**
 * The boards and the home page's top 10 (docs/leaderboards.md). Pages come from the shared cache
 * (the same for every viewer); what a logged-in viewer changes, dropping players blocked either
 * way and adding their own row, is applied on top, per request.
 */
@Injectable()
export class LeaderboardsService {
  constructor(
    private readonly leaderboards: Leaderboards,
    private readonly cache: LeaderboardCache,
    private readonly repo: LeaderboardsRepository,
  ) {}

  /**
   * A board as the JSON text of a LeaderboardResponse: a cached page's JSON goes out as it was
   * written, unless this viewer has players to leave out (docs/leaderboards.md#caching).
   */
  async board(region: string, options: { page?: number; search?: string }, viewerId?: number): Promise<string> {
    const board = boardOfRegion(region);
    if (!board) throw new NotFoundException({ message: MSG.unknownRegion });
    const page = options.page ?? 1;
    const search = options.search?.trim().toLowerCase() ?? '';
    const [viewer, own, total, found] = await Promise.all([
      viewerId ? this.repo.viewer(viewerId) : null,
      viewerId ? this.leaderboards.entriesOf(board.scope, [viewerId]) : null,
      this.cache.size(board.scope, () => this.leaderboards.size(board.scope)),
      search ? this.search(board, search) : this.page(board.scope, page),
    ]);
    const head: Omit<LeaderboardResponse, 'players'> = { region: board.region, page: search ? 1 : page, page_size: LEADERBOARD_SIZE, total };
    if (search) head.search = search;
    // The viewer's own row, wherever they stand ('You: #1,234' under the table).
    const entry = viewerId ? own?.get(viewerId) : undefined;
    if (entry && viewer?.card) head.you = rowOf(entry, viewer.card);
    const visible = visibleTo(found.players, viewer, viewerId);
    return withPlayers(head, visible === found.players ? found.json : JSON.stringify(visible));
  }

  /** The world's best 10 the viewer may see: blocked players are skipped and the next ones move up. */
  async topPlayers(viewerId?: number): Promise<TopPlayersResponse> {
    const viewer = viewerId ? await this.repo.viewer(viewerId) : null;
    const players: LeaderboardPlayer[] = [];
    for (let page = 1; page <= TOP_PLAYERS_MAX_PAGES && players.length < TOP_PLAYERS_COUNT; page += 1) {
      const rows = (await this.page(WORLD_SCOPE, page)).players;
      players.push(...visibleTo(rows, viewer, viewerId));
      if (rows.length < LEADERBOARD_SIZE) break;
    }
    return { players: players.slice(0, TOP_PLAYERS_COUNT).map(topPlayerOf) };
  }

  /** Ranks (page−1)·50+1 … page·50 of a scope, shared by every viewer. */
  private page(scope: string, page: number): Promise<BoardPage> {
    return this.cache.page(scope, page, async () => {
      const entries = await this.leaderboards.range(scope, (page - 1) * LEADERBOARD_SIZE, LEADERBOARD_SIZE);
      return pageOf(rowsOf(entries, await this.repo.cards(entries.map((e) => e.userId))));
    });
  }

  /** Listed players whose name starts with the text, with their rank on this board, best first. */
  private async search(board: Board, text: string): Promise<BoardPage> {
    const ids = (await this.repo.searchListed(text, statesOfScope(board.scope), LEADERBOARD_SIZE)).map((r) => r.id);
    const entries = await this.leaderboards.entriesOf(board.scope, ids);
    const listed = [...entries.values()].sort((a, b) => a.rank - b.rank);
    return pageOf(rowsOf(listed, await this.repo.cards(listed.map((e) => e.userId))));
  }
}

const pageOf = (players: LeaderboardPlayer[]): BoardPage => ({ players, json: JSON.stringify(players) });

/** The response's JSON: its head (region, page, …) and the players' JSON, written already. */
function withPlayers(head: Omit<LeaderboardResponse, 'players'>, playersJson: string): string {
  return `${JSON.stringify(head).slice(0, -1)},"players":${playersJson}}`;
}

/** A logged-in viewer does not see players blocked either way (docs/leaderboards.md#blocked-players). */
function visibleTo(rows: LeaderboardPlayer[], viewer: ViewerContext | null, viewerId?: number): LeaderboardPlayer[] {
  if (!viewer || !viewerId || !viewer.blocked.length) return rows;
  const hidden = new Set(viewer.blocked);
  return rows.filter((r) => !hidden.has(r.user_id));
}
