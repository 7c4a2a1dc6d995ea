import type { MatchDetails, TeamSide } from '@gotnext/shared';
import type { MatchRow, PlayerRow } from './match-store';
import { teamOf } from './match-store';
import { playersNeeded } from './match-rules';

/** GET match-details as the spec reads it, from the viewer's side. */
export function toMatchDetails(match: MatchRow, players: PlayerRow[], viewerId: number, reported: { A: boolean; B: boolean }): MatchDetails {
  const teamA = teamOf(players, 'A');
  const teamB = teamOf(players, 'B');
  const me = players.find((p) => p.user_id === viewerId);
  const myTeam: TeamSide | null = me?.team ?? null;
  const others = players.filter((p) => p.user_id !== viewerId);
  const opponent = match.match_type === '1v1' && others.length ? teamOf(others, others[0].team)[0] : null;
  return {
    match_id: match.id,
    match_code: match.code,
    match_type: match.match_type,
    matchType: match.match_type,
    scoring_type: match.scoring_type,
    ranked: match.ranked,
    creator_id: match.creator_id,
    status: match.status,
    players_needed: playersNeeded(match.match_type, players.length),
    opponent,
    teamA,
    team_a: teamA,
    teamB,
    team_b: teamB,
    my_team: myTeam,
    reported,
    team_a_score: match.team_a_score,
    team_b_score: match.team_b_score,
  };
}
