import type { MatchDetails, MatchPlayer, MatchType, NotificationItem } from '@gotnext/shared';

export const player = (user_id: number, username = `player${user_id}`): MatchPlayer => ({ user_id, username, profile_picture: null, profile_picture_version: 0 });

/** A match as GET match-details answers it; teams fill both spellings. */
export function matchDetails(over: Partial<MatchDetails> & { match_type: MatchType; teamA?: MatchPlayer[]; teamB?: MatchPlayer[] }): MatchDetails {
  const teamA = over.teamA ?? [];
  const teamB = over.teamB ?? [];
  return {
    match_id: 5,
    match_code: 'ABC234',
    matchType: over.match_type,
    scoring_type: '1s & 2s to 11',
    ranked: false,
    creator_id: 1,
    status: 'waiting',
    players_needed: 0,
    opponent: null,
    team_a: teamA,
    team_b: teamB,
    my_team: 'A',
    reported: { A: false, B: false },
    team_a_score: null,
    team_b_score: null,
    ...over,
    teamA,
    teamB,
  };
}

let nextId = 100;
export function notification(over: Partial<NotificationItem> & { type: string; message: string }): NotificationItem {
  nextId += 1;
  return { id: nextId, read: false, timestamp: '2026-03-01T18:30:00.000Z', ...over };
}
