import { isMatchType, type MatchType } from '@gotnext/shared';

// The routes themselves live in the shared lib, where the notification bell builds its links too.
export { lobbyPath, reportScorePath as reportPath, resolveDisputePath as resolvePath } from '@gotnext/shared';

/** The match type a route names (its fixed suffix, else ?matchType=, else 1v1). */
export function typeFromRoute(fixed: MatchType | undefined, query: string | null): MatchType {
  if (fixed) return fixed;
  return isMatchType(query) ? query : '1v1';
}

/** localStorage flag set once this browser has reported the match's score (docs/matches.md). */
export const reportedFlagKey = (id: number | string) => `matchReported_${id}`;
