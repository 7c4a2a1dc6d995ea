/** Rating pools: 'overall' for every ranked match; leagues (a later issue) use 'league:{id}'. */
export const OVERALL_POOL = 'overall';

/**
 * Serialises rating application within the process-wide order: with it, the rating job reads the
 * pending list and the pool state without another job changing them underneath.
 */
export const RATING_LOCK_KEY = 7_436_002;

/** The ranked, completed, not voided matches, in the order ratings are applied (and replayed). */
export const RATABLE_MATCHES_SQL = `
  SELECT m.id, m.scoring_type, m.team_a_score, m.team_b_score, m.completed_at
    FROM matches m
   WHERE m.status = 'completed' AND m.ranked AND NOT m.voided AND m.team_a_score IS NOT NULL`;
