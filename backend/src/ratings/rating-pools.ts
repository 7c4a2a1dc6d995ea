/** Rating pools: 'overall' for every ranked match; leagues (a later issue) use 'league:{id}'. */
export const OVERALL_POOL = 'overall';

/**
 * Serialises rating application within the process-wide order: with it, the rating job reads the
 * pending list and the pool state without another job changing them underneath.
 */
export const RATING_LOCK_KEY = 7_436_002;
