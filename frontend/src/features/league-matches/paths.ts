/** The league match routes (docs/product.md#league-matches). */
export const leagueLobbyPath = (matchId: number | string, matchType: string) => `/lmpregame/${matchId}?matchType=${matchType}`;
export const leagueReportPath = (matchId: number | string, matchType: string) => `/lmreportscore/${matchId}?matchType=${matchType}`;
export const leagueDisputePath = (matchId: number | string, leagueId: number | string) => `/league-dispute/${matchId}?league_id=${leagueId}`;
/** localStorage key of the league the match pages act in (leagues §3). */
export const LEAGUE_ID_KEY = 'league_id';
