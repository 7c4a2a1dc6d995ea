/**
 * A finished match in each player's own words (docs/matches.md#the-result): the summary the lobby
 * and the result notification show, and the own-words line of a settled dispute.
 */
import { teamSize, type MatchType } from '../constants/matches';

export type PlayerOutcome = 'Win' | 'Loss' | 'Draw';

/**
 * The one Win/Loss/Draw rule, by the sign of (own score − other score). A table rather than a
 * comparison so that the server's SQL counts of wins and losses are written from it too
 * (backend/src/matches/match-outcome-sql.ts) and cannot drift from what the screens show.
 */
export const OUTCOME_BY_SIGN: Readonly<Record<'1' | '0' | '-1', PlayerOutcome>> = { '1': 'Win', '0': 'Draw', '-1': 'Loss' };

/** A player's outcome from their own score and the other side's. */
export function outcomeOf(mine: number, theirs: number): PlayerOutcome {
  return mine > theirs ? OUTCOME_BY_SIGN['1'] : mine < theirs ? OUTCOME_BY_SIGN['-1'] : OUTCOME_BY_SIGN['0'];
}

/** 'You won 21–15' / 'You lost 15–21' / 'You drew 15–15' (1v1); 'Your team won 21–15' (team matches). */
export function resultPhrase(type: MatchType, mine: number, theirs: number): string {
  const who = teamSize(type) === 1 ? 'You' : 'Your team';
  const verb = { Win: 'won', Loss: 'lost', Draw: 'drew' }[outcomeOf(mine, theirs)];
  return `${who} ${verb} ${mine}–${theirs}`;
}

/**
 * 'You won 21–15 vs mchen · 4.000 → 4.090 (+0.090)'. `against` is the other side's names; the
 * rating part is left out for pickup games, and says 'rating update pending' until it is applied.
 */
export function resultSummaryText(
  type: MatchType,
  mine: number,
  theirs: number,
  against: string[],
  rating: { before: string; after: string; change: string } | 'pending' | null,
): string {
  const vs = against.length ? ` vs ${against.join(', ')}` : '';
  const base = `${resultPhrase(type, mine, theirs)}${vs}`;
  if (rating === null) return base;
  if (rating === 'pending') return `${base} · rating update pending`;
  return `${base} · ${rating.before} → ${rating.after} (${rating.change})`;
}

/** 'You 2–1 vs mchen', with ' (1 draw)' when there were draws. */
export function headToHeadText(wins: number, losses: number, draws: number, username: string): string {
  const drawText = draws ? ` (${draws} draw${draws === 1 ? '' : 's'})` : '';
  return `You ${wins}–${losses} vs ${username}${drawText}`;
}
