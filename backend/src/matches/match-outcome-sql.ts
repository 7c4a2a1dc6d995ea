import { OUTCOME_BY_SIGN, type PlayerOutcome } from '@gotnext/shared';

const SIGN_AS_SQL = { '1': '> 0', '0': '= 0', '-1': '< 0' } as const;

/**
 * The shared Win/Loss/Draw rule (`outcomeOf`) as a SQL condition, written from the same table,
 * for the queries that count a player's results in PostgreSQL instead of reading every match
 * (profile statistics, head-to-head): true when the player on `team` (the SQL of their side, 'A'
 * or 'B') of the `matches` row aliased `m` had `outcome`; NULL, so never counted, without a score.
 * It compares the margin with zero rather than naming the outcome in text, so a count costs what
 * the hand-written comparisons did (the profile statistics are a benchmarked hot read).
 */
export function hadOutcomeSql(team: string, m: string, outcome: PlayerOutcome): string {
  const sign = (Object.keys(OUTCOME_BY_SIGN) as (keyof typeof OUTCOME_BY_SIGN)[]).find((s) => OUTCOME_BY_SIGN[s] === outcome)!;
  return `(CASE WHEN ${team} = 'A' THEN ${m}.team_a_score - ${m}.team_b_score ELSE ${m}.team_b_score - ${m}.team_a_score END) ${SIGN_AS_SQL[sign]}`;
}
