/**
 * The client routes of a match (docs/product.md#route-table), in one place: the lobby, the score-report
 * pages (1v1 and 2v2 share /report-score?matchType=, larger types have their own) and the dispute
 * pages. The matches screens and the notification bell both build their links from these.
 */
const typeOrDefault = (matchType: string | null | undefined) => matchType || '1v1';

export const lobbyPath = (matchId: number | string, matchType: string) => `/pregame/${matchId}?matchType=${matchType}`;

export function reportScorePath(matchId: number | string, matchType: string | null | undefined): string {
  const type = typeOrDefault(matchType);
  return type === '1v1' || type === '2v2' ? `/report-score/${matchId}?matchType=${type}` : `/report-score${type}/${matchId}`;
}

export function resolveDisputePath(matchId: number | string, matchType: string | null | undefined): string {
  const type = typeOrDefault(matchType);
  return type === '1v1' ? `/resolve-dispute/${matchId}` : `/resolve-dispute-${type}/${matchId}`;
}

/** The league match routes (docs/product.md#league-matches): the same engine, pages of their own. */
export const leagueLobbyPath = (matchId: number | string, matchType: string) => `/lmpregame/${matchId}?matchType=${matchType}`;
export const leagueReportPath = (matchId: number | string, matchType: string) => `/lmreportscore/${matchId}?matchType=${matchType}`;
export const leagueDisputePath = (matchId: number | string, leagueId: number | string) => `/league-dispute/${matchId}?league_id=${leagueId}`;
/** A league match's invite link: the league's join page with the code, which joins after login. */
export const leagueInvitePath = (leagueId: number | string, code: string) => `/join-league-match/${leagueId}?code=${encodeURIComponent(code)}`;
