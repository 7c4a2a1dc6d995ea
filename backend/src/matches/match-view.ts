import {
  type SideScore,
  displayRating,
  displayThousandths,
  INITIAL_RATING,
  outcomeOf,
  preferencesFrom,
  resultSummaryText,
  targetScore,
  type MatchDetails,
  type MatchPlayer,
  type MatchResultSummary,
  type TeamSide,
} from '@gotnext/shared';
import type { MatchEntity } from './entities/match.entity';
import { teamOf, type PlayerRow } from './matches.repository';
import { playersNeeded } from './match-rules';

export interface RatingEventRow {
  user_id: number;
  before: number;
  after: number;
}

/** "+0.090" / "-0.031": the change of the shown rating (as history rows show it, docs/rating.md#display). */
export function shownChange(before: number, after: number): string {
  const d = displayThousandths(after) - displayThousandths(before);
  return `${d < 0 ? '-' : '+'}${(Math.abs(d) / 1000).toFixed(3)}`;
}

/**
 * A completed match in one player's words (docs/matches.md#the-result): outcome, score from their
 * side, and for a ranked match the shown rating before → after from the stored rating event
 * ('pending' until the rating job has applied it). Null before completion and for non-players.
 */
export function resultFor(match: MatchEntity, players: PlayerRow[], viewerId: number, events: RatingEventRow[]): MatchResultSummary | null {
  const me = players.find((p) => p.user_id === viewerId);
  if (!me || match.status !== 'completed') return null;
  if (match.voided || match.teamAScore === null || match.teamBScore === null) {
    return {
      outcome: 'Voided',
      my_score: null,
      their_score: null,
      rating_before: null,
      rating_after: null,
      rating_change: null,
      rating_pending: false,
      text: 'Voided: no result counts.',
    };
  }
  const [mine, theirs] = me.team === 'A' ? [match.teamAScore, match.teamBScore] : [match.teamBScore, match.teamAScore];
  const against = players.filter((p) => p.team !== me.team).map((p) => p.username);
  const event = events.find((e) => e.user_id === viewerId);
  const rating = !match.ranked
    ? null
    : event
      ? { before: displayRating(event.before), after: displayRating(event.after), change: shownChange(event.before, event.after) }
      : ('pending' as const);
  return {
    outcome: outcomeOf(mine, theirs),
    my_score: mine,
    their_score: theirs,
    rating_before: rating && rating !== 'pending' ? rating.before : null,
    rating_after: rating && rating !== 'pending' ? rating.after : null,
    rating_change: rating && rating !== 'pending' ? rating.change : null,
    rating_pending: rating === 'pending',
    text: resultSummaryText(match.matchType, mine, theirs, against, rating),
  };
}

/** GET match-details as the spec reads it, from the viewer's side. */
export function toMatchDetails(
  match: MatchEntity,
  players: PlayerRow[],
  viewerId: number,
  reported: { A: boolean; B: boolean },
  myReport: SideScore | null,
  events: RatingEventRow[] = [],
): MatchDetails {
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
    my_report: myReport,
    team_a_score: match.teamAScore,
    team_b_score: match.teamBScore,
    league_id: match.leagueId,
    result: resultFor(match, players, viewerId, events),
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
