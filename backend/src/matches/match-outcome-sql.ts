import { OUTCOME_BY_SIGN } from '@gotnext/shared';

/**
 * The shared Win/Loss/Draw rule (`outcomeOf`) as a SQL expression, written from the same table,
 * for the queries that count a player's results in PostgreSQL instead of reading every match
 * (profile statistics, head-to-head). `team` is the SQL of the player's side ('A' or 'B'), `m`
 * the alias of their `matches` row. 'Win', 'Loss' or 'Draw'; NULL while the match has no score.
 */
export function outcomeSql(team: string, m: string): string {
  const margin = `CASE WHEN ${team} = 'A' THEN ${m}.team_a_score - ${m}.team_b_score ELSE ${m}.team_b_score - ${m}.team_a_score END`;
  const whens = Object.entries(OUTCOME_BY_SIGN).map(([sign, outcome]) => `WHEN ${sign} THEN '${outcome}'`);
  return `CASE sign(${margin}) ${whens.join(' ')} END`;
}
