import { displayRating, INITIAL_RATING, preferencesFrom, targetScore, type MatchDetails, type MatchPlayer, type TeamSide } from '@gotnext/shared';
import type { MatchEntity } from './entities/match.entity';
import { teamOf, type PlayerRow } from './matches.repository';
import { playersNeeded } from './match-rules';

/** GET match-details as the spec reads it, from the viewer's side. */
export function toMatchDetails(match: MatchEntity, players: PlayerRow[], viewerId: number, reported: { A: boolean; B: boolean }): MatchDetails {
  const teamA = teamOf(players, 'A');
  const teamB = teamOf(players, 'B');
  const me = players.find((p) => p.user_id === viewerId);
  const myTeam: TeamSide | null = me?.team ?? null;
  const others = players.filter((p) => p.user_id !== viewerId);
  const opponent = match.matchType === '1v1' && others.length ? teamOf(others, others[0].team)[0] : null;
  return {
    match_id: match.id,
    match_code: match.code,
    match_type: match.matchType,
    matchType: match.matchType,
    scoring_type: match.scoringType,
    ranked: match.ranked,
    creator_id: match.creatorId,
    status: match.status,
    players_needed: playersNeeded(match.matchType, players.length),
    opponent,
    teamA,
    team_a: teamA,
    teamB,
    team_b: teamB,
    my_team: myTeam,
    reported,
    team_a_score: match.teamAScore,
    team_b_score: match.teamBScore,
    target_score: targetScore(match.scoringType),
  };
}

type LobbyFact = { user_id: number; rating: number | null; preferences: unknown; verified: boolean; deleted: boolean };

/**
 * Each player's rating and verified mark beside their name (docs/matches.md#who-sees-a-match):
 * the rating as the profile shows it, left out when the player hides it from others; a deleted
 * player shows neither.
 */
export function withLobbyFacts(details: MatchDetails, facts: LobbyFact[], viewerId: number): MatchDetails {
  const byId = new Map(facts.map((f) => [f.user_id, f]));
  const add = (p: MatchPlayer): MatchPlayer => {
    const f = byId.get(p.user_id);
    if (!f || f.deleted) return p;
    const shown: MatchPlayer = { ...p, verified: f.verified };
    if (p.user_id === viewerId || preferencesFrom(f.preferences).displayRating) shown.rating = displayRating(f.rating ?? INITIAL_RATING);
    return shown;
  };
  const teamA = details.teamA.map(add);
  const teamB = details.teamB.map(add);
  return { ...details, teamA, team_a: teamA, teamB, team_b: teamB, opponent: details.opponent && add(details.opponent) };
}
