import { MSG } from '../messages';
import { outcomeOf } from './match-summary';
import { isMatchType, teamSize } from '../constants/matches';

/** Recent Matches on the league page: the newest completed ones (docs/product.md#league-page). */
export const RECENT_LEAGUE_MATCHES = 4;
/** **Decided** page size of the Full Match History modal (the spec does not show it). */
export const LEAGUE_HISTORY_PAGE_SIZE = 10;
/** A player of a back-filled match may contest it this long after it was added (docs/leagues.md#contesting-a-back-filled-match). */
export const CONTEST_WINDOW_MS = 48 * 3600 * 1000;

/** The rating pool of a league (docs/rating.md#pools). */
export const leaguePool = (leagueId: number) => `league:${leagueId}`;

/** "W-L", or "W-L-D" once there is a draw (docs/leagues.md#league-leaderboard). */
export const leagueRecord = (wins: number, losses: number, draws: number) => (draws > 0 ? `${wins}-${losses}-${draws}` : `${wins}-${losses}`);

/**
 * The winner shown for a history item (docs/leagues.md#league-history): `winners_usernames` when present; otherwise the
 * higher score's side (1v1: the first and second report's usernames; teams: the team's usernames);
 * equal scores give 'Draw'.
 */
export function historyWinner(item: {
  winners_usernames?: string[] | null;
  team_a_score: number;
  team_b_score: number;
  teamA: { username: string }[];
  teamB: { username: string }[];
}): string {
  if (item.winners_usernames && item.winners_usernames.length) return item.winners_usernames.join(' and ');
  const side = { Win: item.teamA, Loss: item.teamB, Draw: null }[outcomeOf(item.team_a_score, item.team_b_score)];
  return side ? side.map((p) => p.username).join(' and ') : 'Draw';
}

/** The Add Match to History alert for a wrong number of participants, or null (docs/product.md#league-page). */
export function historyParticipantsProblem(matchType: string, count: number): string | null {
  if (!isMatchType(matchType)) return MSG.invalidMatchType;
  if (matchType === '1v1') return count === 2 ? null : MSG.historyPickTwo;
  const n = 2 * teamSize(matchType);
  return count === n ? null : MSG.historyPickTeams(matchType, n);
}

/** The first half of the selection is Team A, the second Team B (docs/leagues.md#adding-a-past-match). */
export function historyTeams<T>(participants: readonly T[]): { teamA: T[]; teamB: T[] } {
  const half = Math.floor(participants.length / 2);
  return { teamA: participants.slice(0, half), teamB: participants.slice(half) };
}
