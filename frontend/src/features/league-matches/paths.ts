/** The league match routes live with the other match routes in libs/shared (docs/product.md#league-matches). */
export { leagueDisputePath, leagueLobbyPath, leagueReportPath } from '@gotnext/shared';
/** localStorage key of the league the match pages act in (docs/product.md#browser-storage). */
export const LEAGUE_ID_KEY = 'league_id';
