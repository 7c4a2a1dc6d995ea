import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ENGINE_VERSION, INITIAL_RATING, RATING_PARAMS, type ScoringType, type TeamSide } from '@gotnext/shared';
import { pgArray } from '../database/pg-array';
import { PreparedRepository } from '../database/prepared.repository';
import { OVERALL_POOL, RATING_LOCK_KEY } from './rating-pools';

/** A ranked match the pools rate: completed, not voided, with a final score. */
export interface RatableMatch {
  id: number;
  scoring_type: ScoringType;
  team_a_score: number;
  team_b_score: number;
  /** Integrity weight 0–1 scaling the match's changes (docs/rating.md#integrity); 1 without a row. */
  weight: number;
}

export interface RatingState {
  user_id: number;
  rating: number;
  sigma: number;
  games: number;
}

/** Where a player starts in a pool: the mean and uncertainty (docs/rating.md#league-pools). */
export interface PoolStart {
  rating: number;
  sigma: number;
}

/** A new player in the overall pool. */
export const INITIAL_START: PoolStart = { rating: INITIAL_RATING, sigma: RATING_PARAMS.initialSigma };

/** A rating event to write: one player's change in one match. */
export interface NewRatingEvent {
  matchId: number;
  userId: number;
  before: number;
  after: number;
  delta: number;
  sigmaBefore: number;
  sigmaAfter: number;
  gamesBefore: number;
}

/** A player's state after a batch: rating and games as they ended, and the results to add to the record. */
export interface NewRatingState {
  userId: number;
  rating: number;
  sigma: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

export interface RatingEventRow {
  match_id: number;
  user_id: number;
  before: number;
  after: number;
  sigma_before: number | null;
  sigma_after: number | null;
  engine_version: number;
}

/** The ranked, completed, not voided matches, in the order ratings are applied (and replayed). */
const RATABLE_MATCHES_SQL = `
  SELECT m.id, m.scoring_type, m.team_a_score, m.team_b_score, m.completed_at, COALESCE(i.weight, 1) AS weight
    FROM matches m LEFT JOIN match_integrity i ON i.match_id = m.id
   WHERE m.status = 'completed' AND m.ranked AND m.league_id IS NULL AND NOT m.voided AND m.team_a_score IS NOT NULL AND i.tainted IS NOT TRUE`;

/** The pool's ($1) mark: the match of its newest rating event; everything up to it is applied (docs/rating.md#order-of-application). */
const MARK_SQL = `SELECT m.completed_at, m.id FROM rating_events e JOIN matches m ON m.id = e.match_id WHERE e.pool = $1 ORDER BY e.id DESC LIMIT 1`;

/** The position right after the `mark` CTE's match; the very start when the pool has no events. */
const AFTER_MARK = `COALESCE((SELECT completed_at FROM mark), '-infinity'::timestamptz), COALESCE((SELECT id FROM mark), 0)`;

/**
 * Every statement on `ratings` and `rating_events`, and the reads of matches and players that
 * rating needs (reads may join other features' tables; only the owner writes them).
 */
@Injectable()
export class RatingsRepository extends PreparedRepository {
  /**
   * What a rating job reads before anything else, in one statement outside any transaction: the
   * match's league (null for an overall match) and whether the overall pool is caught up, i.e. no
   * ratable match comes after its mark (as in `pending`), the job's own included
   * (docs/rating.md#redelivery). The first such match is looked for in index order, so the read
   * stays a few index entries even when the planner's statistics are old. Null when there is no such match.
   */
  async jobState(matchId: number): Promise<{ leagueId: number | null; caughtUp: boolean } | null> {
    // Prepared: most jobs end after this read, and planning it each time cost more than running it.
    const [row] = await this.prepared<{ league_id: number | null; caught_up: boolean }>(
      'ratings.job-state',
      `WITH mark AS (${MARK_SQL})
       SELECT m.league_id,
              NOT EXISTS (SELECT 1 FROM (SELECT r.id FROM (${RATABLE_MATCHES_SQL}) r
                                          WHERE (r.completed_at, r.id) > (${AFTER_MARK})
                                          ORDER BY r.completed_at, r.id LIMIT 1) p) AS caught_up
         FROM matches m WHERE m.id = $2`,
      [OVERALL_POOL, matchId],
    );
    return row ? { leagueId: row.league_id, caughtUp: row.caught_up } : null;
  }

  /**
   * Serialises rating application for the rest of the transaction. Every write to `ratings` and
   * `rating_events` runs under it (applyPendingRatings, applyLeaguePool), so a statement after it
   * reads the states as the last writer committed them (docs/rating.md#order-of-application).
   */
  async lockPools(m: EntityManager): Promise<void> {
    await this.hotRead(m, 'ratings.lock', `SELECT pg_advisory_xact_lock($1)`, [RATING_LOCK_KEY]);
  }

  /**
   * Every ratable match the pool has no events for yet, in (completed_at, id) order. Only matches
   * after the pool's mark (the match of its newest rating event: matches are applied in this order,
   * so everything up to it is applied) are looked at, through matches_completed_idx, so a job reads
   * the few new matches and not the whole history (docs/rating.md#order-of-application).
   */
  async pending(pool: string, m: EntityManager): Promise<RatableMatch[]> {
    // Two statements, not one with the mark in a CTE: with the mark's values written in, the
    // planner sees how few matches follow it and reads them through the index.
    const [mark]: { completed_at: Date; id: number }[] = await m.query(MARK_SQL, [pool]);
    const notRated = `NOT EXISTS (SELECT 1 FROM rating_events e WHERE e.pool = $1 AND e.match_id = r.id)`;
    return mark
      ? m.query(
          `SELECT r.id, r.scoring_type, r.team_a_score, r.team_b_score, r.weight FROM (${RATABLE_MATCHES_SQL}) r WHERE (r.completed_at, r.id) > ($2::timestamptz, $3::int) AND ${notRated} ORDER BY r.completed_at, r.id`,
          [pool, mark.completed_at, mark.id],
        )
      : m.query(`SELECT r.id, r.scoring_type, r.team_a_score, r.team_b_score, r.weight FROM (${RATABLE_MATCHES_SQL}) r WHERE ${notRated} ORDER BY r.completed_at, r.id`, [pool]);
  }

  /** The players of these matches, each match's in user-id order. */
  rostersOf(matchIds: number[], m: EntityManager): Promise<{ match_id: number; user_id: number; team: TeamSide }[]> {
    return this.hotRead(m, 'ratings.rosters', `SELECT match_id, user_id, team FROM match_players WHERE match_id = ANY($1::int[]) ORDER BY match_id, user_id`, [pgArray(matchIds)]);
  }

  /** Every ratable match, in rating order. */
  allRatable(m: EntityManager = this.db.manager): Promise<RatableMatch[]> {
    return m.query(`SELECT r.id, r.scoring_type, r.team_a_score, r.team_b_score, r.weight FROM (${RATABLE_MATCHES_SQL}) r ORDER BY r.completed_at, r.id`);
  }

  /** The rosters of every ratable match. */
  ratableRosters(m: EntityManager = this.db.manager): Promise<{ match_id: number; user_id: number; team: TeamSide }[]> {
    return m.query(`SELECT p.match_id, p.user_id, p.team FROM match_players p JOIN (${RATABLE_MATCHES_SQL}) r ON r.id = p.match_id`);
  }

  /** The default manager, for reads outside a transaction (the rebuild). */
  get manager(): EntityManager {
    return this.db.manager;
  }

  rosterOf(matchId: number, m: EntityManager): Promise<{ user_id: number; team: TeamSide }[]> {
    return m.query(`SELECT user_id, team FROM match_players WHERE match_id = $1 ORDER BY user_id`, [matchId]);
  }

  /**
   * The players' states in the pool, in user-id order; a player without a row gets one at
   * `initial`. Called under the rating lock (lockPools), which every writer of `ratings` holds, so
   * the rows need no row locks of their own: a plain read sees the last batch's commit. Usually
   * everyone has a row already: one read, and an insert only for the new players (an
   * INSERT … ON CONFLICT for all of them probed the key of each, and FOR UPDATE wrote a lock and
   * its WAL record on each row that the batch's update then rewrote; docs/rating.md#order-of-application).
   */
  async loadStates(pool: string, userIds: number[], initial: PoolStart | ReadonlyMap<number, PoolStart>, m: EntityManager): Promise<RatingState[]> {
    const found = await this.hotRead<RatingState>(m, 'ratings.states', `SELECT user_id, rating, sigma, games FROM ratings WHERE pool = $1 AND user_id = ANY($2::int[])`, [
      pool,
      pgArray(userIds),
    ]);
    if (found.length < userIds.length) {
      const have = new Set(found.map((s) => s.user_id));
      const missing = userIds.filter((id) => !have.has(id));
      // A league pool starts each player at their own rating (docs/rating.md#league-pools).
      const starts = missing.map((id) => (initial instanceof Map ? (initial.get(id) ?? INITIAL_START) : (initial as PoolStart)));
      const created: RatingState[] = await m.query(
        `INSERT INTO ratings (pool, user_id, rating, sigma, games) SELECT $1, t.u, t.r, t.s, 0 FROM unnest($2::int[], $3::float8[], $4::float8[]) AS t(u, r, s) RETURNING user_id, rating, sigma, games`,
        [pool, pgArray(missing), pgArray(starts.map((x) => x.rating)), pgArray(starts.map((x) => x.sigma))],
      );
      found.push(...created);
    }
    return found.sort((a, b) => a.user_id - b.user_id);
  }

  /**
   * A batch's whole write in one statement (docs/rating.md#order-of-application): its rating events,
   * in the order given (a match already rated for a player is refused), and the players' states
   * (rating and games as they ended, results added). Returns how many events were new; fewer than
   * given means the batch must roll back.
   */
  async writeBatch(pool: string, events: NewRatingEvent[], states: NewRatingState[], m: EntityManager): Promise<number> {
    const [row] = await this.hotRead<{ n: number }>(
      m,
      'ratings.write-batch',
      `WITH ev AS (
         INSERT INTO rating_events (pool, match_id, user_id, before, after, delta, games_before, sigma_before, sigma_after, engine_version)
         SELECT $1, *, $16::int FROM unnest($2::int[], $3::int[], $4::float8[], $5::float8[], $6::float8[], $7::int[], $14::float8[], $15::float8[])
         ON CONFLICT (pool, match_id, user_id) DO NOTHING RETURNING 1
       ), st AS (
         UPDATE ratings r SET rating = v.rating, sigma = v.sigma, games = v.games, updated_at = now(),
                wins = r.wins + v.wins, losses = r.losses + v.losses, draws = r.draws + v.draws
           FROM unnest($8::int[], $9::float8[], $10::int[], $11::int[], $12::int[], $13::int[], $17::float8[]) AS v(user_id, rating, games, wins, losses, draws, sigma)
          WHERE r.pool = $1 AND r.user_id = v.user_id
       )
       SELECT count(*)::int AS n FROM ev`,
      [
        pool,
        pgArray(events.map((e) => e.matchId)),
        pgArray(events.map((e) => e.userId)),
        pgArray(events.map((e) => e.before)),
        pgArray(events.map((e) => e.after)),
        pgArray(events.map((e) => e.delta)),
        pgArray(events.map((e) => e.gamesBefore)),
        pgArray(states.map((s) => s.userId)),
        pgArray(states.map((s) => s.rating)),
        pgArray(states.map((s) => s.games)),
        pgArray(states.map((s) => s.wins)),
        pgArray(states.map((s) => s.losses)),
        pgArray(states.map((s) => s.draws)),
        pgArray(events.map((e) => e.sigmaBefore)),
        pgArray(events.map((e) => e.sigmaAfter)),
        ENGINE_VERSION,
        pgArray(states.map((s) => s.sigma)),
      ],
    );
    return row!.n;
  }

  /** A league's completed, not voided matches with a score, in (completed_at, id) order: its pool's history (docs/rating.md#league-pools). */
  leagueRatable(leagueId: number, m: EntityManager = this.db.manager): Promise<RatableMatch[]> {
    return m.query(
      `SELECT id, scoring_type, team_a_score, team_b_score, 1::float8 AS weight FROM matches
        WHERE league_id = $1 AND status = 'completed' AND NOT voided AND team_a_score IS NOT NULL
        ORDER BY completed_at, id`,
      [leagueId],
    );
  }

  /** Leagues with a ratable match or a stored pool (the rebuild checks each). */
  async leaguesWithPools(m: EntityManager = this.db.manager): Promise<number[]> {
    const rows: { id: number }[] = await m.query(
      `SELECT DISTINCT league_id AS id FROM matches WHERE league_id IS NOT NULL AND status = 'completed'
       UNION SELECT DISTINCT substr(pool, 8)::int FROM ratings WHERE pool LIKE 'league:%'
       ORDER BY 1`,
    );
    return rows.map((r) => r.id);
  }

  async ratedMatchIds(pool: string, m: EntityManager): Promise<Set<number>> {
    const rows: { match_id: number }[] = await m.query(`SELECT DISTINCT match_id FROM rating_events WHERE pool = $1`, [pool]);
    return new Set(rows.map((r) => r.match_id));
  }

  /** Empties every pool (the rewrite replays them all from the start under this engine version). */
  async clearAllPools(m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM rating_events`);
    await m.query(`DELETE FROM ratings`);
  }

  /** Empties a pool before it is replayed from its start; returns the players it held. */
  async clearPool(pool: string, m: EntityManager): Promise<number[]> {
    await m.query(`DELETE FROM rating_events WHERE pool = $1`, [pool]);
    const rows: { user_id: number }[] = await m.query(`DELETE FROM ratings WHERE pool = $1 RETURNING user_id`, [pool]);
    return rows.map((r) => r.user_id);
  }

  /**
   * Each player's overall rating just before a match played at (completedAt, matchId): the `after`
   * and uncertainty of their last overall event before it, a new player's without one
   * (docs/rating.md#league-pools).
   */
  async overallBefore(userIds: number[], matchId: number, m: EntityManager = this.db.manager): Promise<Map<number, PoolStart>> {
    const rows: { user_id: number; after: number; sigma_after: number }[] = await m.query(
      `SELECT DISTINCT ON (e.user_id) e.user_id, e.after, e.sigma_after
         FROM rating_events e JOIN matches x ON x.id = e.match_id, matches t
        WHERE t.id = $3 AND e.pool = $1 AND e.user_id = ANY($2::int[]) AND (x.completed_at, x.id) < (t.completed_at, t.id)
        ORDER BY e.user_id, x.completed_at DESC, x.id DESC`,
      [OVERALL_POOL, userIds, matchId],
    );
    const start = new Map(userIds.map((id) => [id, INITIAL_START]));
    for (const r of rows) start.set(r.user_id, { rating: r.after, sigma: r.sigma_after });
    return start;
  }

  /** The newest ratable overall match, to catch the overall pool up before a league pool reads it. */
  async lastOverallRatable(m: EntityManager): Promise<number | null> {
    const rows: { id: number }[] = await m.query(`SELECT r.id FROM (${RATABLE_MATCHES_SQL}) r ORDER BY r.completed_at DESC, r.id DESC LIMIT 1`);
    return rows[0]?.id ?? null;
  }

  statesOf(pool: string, m: EntityManager = this.db.manager): Promise<RatingState[]> {
    return m.query(`SELECT user_id, rating, sigma, games FROM ratings WHERE pool = $1`, [pool]);
  }

  eventsOf(pool: string, m: EntityManager = this.db.manager): Promise<RatingEventRow[]> {
    return m.query(`SELECT match_id, user_id, before, after, sigma_before, sigma_after, engine_version FROM rating_events WHERE pool = $1`, [pool]);
  }

  /**
   * What decides these players' leaderboard entries: region, overall rating and games, and whether
   * they may be listed (verified, live, at least one ranked game; docs/leaderboards.md#eligibility).
   */
  standingsOf(userIds: number[], m: EntityManager = this.db.manager): Promise<Standing[]> {
    return m.query(`${STANDINGS_SQL} WHERE u.id = ANY($2::int[])`, [OVERALL_POOL, userIds]);
  }

  /** The listed players with ids above `afterId`, in id order (rebuilding the boards in batches). */
  listedAfter(afterId: number, limit: number, m: EntityManager = this.db.manager): Promise<Standing[]> {
    return m.query(`${STANDINGS_SQL} WHERE u.id > $2 AND u.email_verified AND u.id_verified AND u.deleted_at IS NULL AND r.games > 0 ORDER BY u.id LIMIT $3`, [
      OVERALL_POOL,
      afterId,
      limit,
    ]);
  }
}

export interface Standing {
  id: number;
  state: string | null;
  eligible: boolean;
  rating: number | null;
  games: number;
}

const STANDINGS_SQL = `
  SELECT u.id, u.state, r.rating, COALESCE(r.games, 0) AS games,
         (u.email_verified AND u.id_verified AND u.deleted_at IS NULL AND COALESCE(r.games, 0) > 0) AS eligible
    FROM users u LEFT JOIN ratings r ON r.user_id = u.id AND r.pool = $1`;
