import type { EntityManager } from 'typeorm';
import { outcomeOf, rateMatch, ratedMatchFromScoring, type PlayerOutcome, type RatingChange, type RatingPlayer, type TeamSide } from '@gotnext/shared';
import { groupBy } from '../common/group-by';
import { weighChanges } from './integrity-weight';
import { OVERALL_POOL } from './rating-pools';
import { INITIAL_START, type NewRatingEvent, type PoolStart, type RatableMatch, type RatingsRepository } from './ratings.repository';

/**
 * Applies, in (completed_at, id) order, every ratable match the pool has not seen yet: the job's
 * own match and every one committed before it (a job that ran late, or was lost, is caught up
 * here), and also those committed after it, which their own jobs then find done. The order is
 * always the rebuild's order: completions commit in (completed_at) order under their lock, so
 * every match visible here with an earlier position is committed too. A batch is computed in
 * memory, match after match, and written in a few statements (docs/rating.md#order-of-application),
 * so a backlog costs a handful of round trips, not a dozen per match. Returns the players of the
 * applied matches. Running it again changes nothing: a rated match has its rating events, and the
 * unique (pool, match, player) constraint refuses a second set (docs/rating.md). `applied` gets
 * the matches it applied and, when it has an `events` list, their rating events.
 */
/** What a run applied: the matches in order, and (when asked for) their rating events as written. */
export interface AppliedBatch {
  matchIds: number[];
  events?: { match_id: number; user_id: number; before: number; after: number }[];
}

export async function applyPendingRatings(ratings: RatingsRepository, m: EntityManager, pool = OVERALL_POOL, applied: AppliedBatch = { matchIds: [] }): Promise<number[]> {
  await ratings.lockPools(m);
  const pending = await ratings.pending(pool, m);
  if (!pending.length) return [];
  const rosters = groupBy(
    await ratings.rostersOf(
      pending.map((match) => match.id),
      m,
    ),
    (p) => p.match_id,
  );
  const ids = [...new Set([...rosters.values()].flat().map((p) => p.user_id))].sort((a, b) => a - b);
  const stateOf = new Map(
    (await ratings.loadStates(pool, ids, INITIAL_START, m)).map((s) => [
      s.user_id,
      { userId: s.user_id, rating: s.rating, sigma: s.sigma, games: s.games, wins: 0, losses: 0, draws: 0 },
    ]),
  );

  const events: NewRatingEvent[] = [];
  for (const match of pending) {
    const players = rosters.get(match.id) ?? [];
    const team = (side: 'A' | 'B'): RatingPlayer[] =>
      players
        .filter((p) => p.team === side)
        .map((p) => ({ id: p.user_id, rating: stateOf.get(p.user_id)!.rating, sigma: stateOf.get(p.user_id)!.sigma, games: stateOf.get(p.user_id)!.games }));
    const changes = weighChanges(rateMatch(ratedMatchFromScoring(team('A'), team('B'), match.team_a_score, match.team_b_score, match.scoring_type)), match.weight);
    const sideOf = new Map(players.map((p) => [p.user_id, p.team]));
    for (const c of changes) {
      events.push(eventOf(match.id, c));
      const state = stateOf.get(c.id)!;
      state.rating = c.after;
      state.sigma = c.sigmaAfter;
      state.games = c.gamesAfter;
      const result = resultOf(match, sideOf.get(c.id)!);
      if (result === 'Win') state.wins += 1;
      else if (result === 'Loss') state.losses += 1;
      else state.draws += 1;
    }
  }
  // Events and states in one statement. Already rated (cannot happen under the lock, but never
  // count a result twice): the whole batch rolls back.
  const inserted = await ratings.writeBatch(pool, events, [...stateOf.values()], m);
  if (inserted !== events.length) throw new Error(`${events.length - inserted} rating event(s) already recorded; nothing applied`);
  applied.matchIds.push(...pending.map((match) => match.id));
  // The result summaries need each player's before and after: handed over, not read back (docs/rating.md#order-of-application).
  applied.events?.push(...events.map((e) => ({ match_id: e.matchId, user_id: e.userId, before: e.before, after: e.after })));
  return ids;
}

/** The rating event of one change (the engine version is added by the write). */
function eventOf(matchId: number, c: RatingChange): NewRatingEvent {
  return { matchId, userId: c.id, before: c.before, after: c.after, delta: c.delta, sigmaBefore: c.sigmaBefore, sigmaAfter: c.sigmaAfter, gamesBefore: c.gamesBefore };
}

/** The player's result in the match, counted in their ranked record (docs/leaderboards.md#what-a-row-shows). */
function resultOf(match: RatableMatch, side: TeamSide): PlayerOutcome {
  const [own, other] = side === 'A' ? [match.team_a_score, match.team_b_score] : [match.team_b_score, match.team_a_score];
  return outcomeOf(own, other);
}

/** Applies one match to a pool; `start` gives a new player's first rating there (1500 when absent). */
export async function applyOne(
  ratings: RatingsRepository,
  m: EntityManager,
  match: RatableMatch,
  pool: string,
  start?: (ids: number[]) => Promise<ReadonlyMap<number, PoolStart>>,
): Promise<number[]> {
  const players = await ratings.rosterOf(match.id, m);
  const ids = players.map((p) => p.user_id);
  const states = await ratings.loadStates(pool, ids, start ? await start(ids) : INITIAL_START, m);
  const stateOf = new Map(states.map((s) => [s.user_id, s]));
  const team = (side: 'A' | 'B'): RatingPlayer[] =>
    players
      .filter((p) => p.team === side)
      .map((p) => ({ id: p.user_id, rating: stateOf.get(p.user_id)!.rating, sigma: stateOf.get(p.user_id)!.sigma, games: stateOf.get(p.user_id)!.games }));
  const changes = weighChanges(rateMatch(ratedMatchFromScoring(team('A'), team('B'), match.team_a_score, match.team_b_score, match.scoring_type)), match.weight);
  const sideOf = new Map(players.map((p) => [p.user_id, p.team]));

  const events = changes.map((c) => eventOf(match.id, c));
  const after = changes.map((c) => {
    const result = resultOf(match, sideOf.get(c.id)!);
    return {
      userId: c.id,
      rating: c.after,
      sigma: c.sigmaAfter,
      games: c.gamesAfter,
      wins: result === 'Win' ? 1 : 0,
      losses: result === 'Loss' ? 1 : 0,
      draws: result === 'Draw' ? 1 : 0,
    };
  });
  // Already rated (cannot happen under the lock, but never count a result twice).
  if ((await ratings.writeBatch(pool, events, after, m)) !== events.length) throw new Error(`match ${match.id} already rated in ${pool}`);
  return ids;
}
