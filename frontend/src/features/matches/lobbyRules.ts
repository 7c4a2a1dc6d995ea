import { teamSize, type MatchDetails } from '@gotnext/shared';

/** Start is enabled only for the creator of a ready match whose teams are both full (docs/matches.md). */
export function canStart(match: MatchDetails, viewerId: number | null): boolean {
  if (match.status !== 'ready' || viewerId !== match.creator_id) return false;
  if (match.match_type === '1v1') return true;
  const size = teamSize(match.match_type);
  return match.teamA.length === size && match.teamB.length === size;
}

/** Teams can be changed, and the game started, only before it begins. */
export const isOpen = (match: MatchDetails) => match.status === 'waiting' || match.status === 'ready';
