import type { EntityManager } from 'typeorm';
import { INITIAL_RATING, rateMatch, ratedMatchFromScoring, type RatingPlayer, type ScoringType } from '@gotnext/shared';
import { OVERALL_POOL, RATABLE_MATCHES_SQL, RATING_LOCK_KEY } from './rating-pools';

interface PendingMatch {
  id: number;
  scoring_type: ScoringType;
  team_a_score: number;
  team_b_score: number;
}

/**
 * Applies, in (completed_at, id) order, every ratable match up to and including `matchId` that
 * the pool has not seen yet. Usually that is just `matchId`; a job that ran late (or was lost)
 * is caught up here, so the live order is always the rebuild's order. Returns the players whose
 * rating changed. Running it again changes nothing: a rated match has its rating events, and the
 * unique (pool, match, player) constraint refuses a second set.
 */
export async function applyPendingRatings(m: EntityManager, matchId: number, pool = OVERALL_POOL): Promise<number[]> {
  await m.query(`SELECT pg_advisory_xact_lock($1)`, [RATING_LOCK_KEY]);
  const pending: PendingMatch[] = await m.query(
    `WITH target AS (SELECT completed_at, id FROM matches WHERE id = $1 AND status = 'completed' AND ranked AND NOT voided)
     SELECT r.id, r.scoring_type, r.team_a_score, r.team_b_score
       FROM (${RATABLE_MATCHES_SQL}) r, target t
      WHERE (r.completed_at, r.id) <= (t.completed_at, t.id)
        AND NOT EXISTS (SELECT 1 FROM rating_events e WHERE e.pool = $2 AND e.match_id = r.id)
      ORDER BY r.completed_at, r.id`,
    [matchId, pool],
  );
  const changed = new Set<number>();
  for (const match of pending) (await applyOne(m, match, pool)).forEach((id) => changed.add(id));
  return [...changed];
}

async function applyOne(m: EntityManager, match: PendingMatch, pool: string): Promise<number[]> {
  const players: { user_id: number; team: 'A' | 'B' }[] = await m.query(
    `SELECT user_id, team FROM match_players WHERE match_id = $1 ORDER BY user_id`,
    [match.id],
  );
  const ids = players.map((p) => p.user_id);
  await m.query(
    `INSERT INTO ratings (pool, user_id, rating, games) SELECT $1, unnest($2::int[]), $3, 0 ON CONFLICT DO NOTHING`,
    [pool, ids, INITIAL_RATING],
  );
  // Locked in user-id order, so two jobs touching the same players can never deadlock.
  const states: { user_id: number; rating: number; games: number }[] = await m.query(
    `SELECT user_id, rating, games FROM ratings WHERE pool = $1 AND user_id = ANY($2::int[]) ORDER BY user_id FOR UPDATE`,
    [pool, ids],
  );
  const stateOf = new Map(states.map((s) => [s.user_id, s]));
  const team = (side: 'A' | 'B'): RatingPlayer[] =>
    players.filter((p) => p.team === side).map((p) => ({ id: p.user_id, rating: stateOf.get(p.user_id)!.rating, games: stateOf.get(p.user_id)!.games }));
  const changes = rateMatch(ratedMatchFromScoring(team('A'), team('B'), match.team_a_score, match.team_b_score, match.scoring_type));

  for (const c of changes) {
    const inserted: unknown[] = await m.query(
      `INSERT INTO rating_events (pool, match_id, user_id, before, after, delta, games_before) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (pool, match_id, user_id) DO NOTHING RETURNING id`,
      [pool, match.id, c.id, c.before, c.after, c.delta, c.gamesBefore],
    );
    // Already rated (cannot happen under the lock, but never count a result twice).
    if (!inserted.length) throw new Error(`match ${match.id} already rated for player ${c.id}`);
    await m.query(`UPDATE ratings SET rating = $3, games = $4, updated_at = now() WHERE pool = $1 AND user_id = $2`, [pool, c.id, c.after, c.gamesAfter]);
  }
  return ids;
}
