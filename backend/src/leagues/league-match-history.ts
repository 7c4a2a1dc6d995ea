import type { LeagueHistoryItem } from '@gotnext/shared';

/**
 * Where a league's page gets its `match_history` (docs/leagues.md#league-history). The league
 * matches feature provides it (league-matches/league-history.ts) and app.module registers the
 * league calls with it, so the leagues folder does not depend on league-matches, which depends on it.
 */
export abstract class LeagueMatchHistorySource {
  abstract items(leagueId: number, viewerId: number | null, timezone: unknown): Promise<LeagueHistoryItem[]>;
}
