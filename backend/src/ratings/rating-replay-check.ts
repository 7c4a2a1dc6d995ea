import type { DataSource } from 'typeorm';
import { ENGINE_VERSION, leaguePool, pointUnit, replayMatches, targetScore, type RatingPool, type ReplayMatch } from '@gotnext/shared';
import { groupBy } from '../common/group-by';
import { OVERALL_POOL } from './rating-pools';
import { RatingsRepository } from './ratings.repository';
import { replayWeighted } from './weighted-replay';

export interface ReplayReport {
  matches: number;
  players: number;
  differences: string[];
}

/**
 * Replays every ratable match from scratch in (completed_at, id) order with the shared engine and
 * compares, bit for bit, with the stored ratings and rating events. Reads only.
 */
export async function checkRatingsAgainstReplay(db: DataSource): Promise<ReplayReport> {
  const ratings = new RatingsRepository(db);
  const matches = await ratings.allRatable();
  const roster = await ratings.ratableRosters();
  const input = matches.map((m) => ({
    teamA: roster.filter((p) => p.match_id === m.id && p.team === 'A').map((p) => p.user_id),
    teamB: roster.filter((p) => p.match_id === m.id && p.team === 'B').map((p) => p.user_id),
    scoreA: m.team_a_score,
    scoreB: m.team_b_score,
    target: targetScore(m.scoring_type),
    pointUnit: pointUnit(m.scoring_type),
    weight: m.weight,
  }));
  // With each match's integrity weight, as the applier rates it (docs/rating.md#integrity).
  const { pool, changes } = replayWeighted(input);
  const differences: string[] = [];

  const stored = await ratings.statesOf(OVERALL_POOL);
  const storedById = new Map(stored.map((s) => [s.user_id, s]));
  for (const [id, state] of pool) {
    const s = storedById.get(id);
    if (!s) differences.push(`player ${id}: replay ${state.rating} (${state.games} games), nothing stored`);
    else if (!Object.is(s.rating, state.rating) || !Object.is(s.sigma, state.sigma) || s.games !== state.games)
      differences.push(`player ${id}: stored ${s.rating} (${s.games} games), replay ${state.rating} (${state.games} games)`);
  }
  for (const s of stored) if (!pool.has(s.user_id)) differences.push(`player ${s.user_id}: stored ${s.rating} (${s.games} games) but no ranked match`);

  const events = await ratings.eventsOf(OVERALL_POOL);
  const eventOf = new Map(events.map((e) => [`${e.match_id}:${e.user_id}`, e]));
  matches.forEach((m, i) => {
    for (const c of changes[i]) {
      const e = eventOf.get(`${m.id}:${c.id}`);
      if (!e) differences.push(`match ${m.id} player ${c.id}: no rating event`);
      else if (e.engine_version !== ENGINE_VERSION) differences.push(`match ${m.id} player ${c.id}: rated by engine version ${e.engine_version}, replay ${ENGINE_VERSION}`);
      else if (!Object.is(e.before, c.before) || !Object.is(e.after, c.after) || !Object.is(e.sigma_after, c.sigmaAfter))
        differences.push(`match ${m.id} player ${c.id}: event ${e.before} → ${e.after}, replay ${c.before} → ${c.after}`);
    }
  });
  const rated = new Set(matches.map((m) => m.id));
  for (const e of events) if (!rated.has(e.match_id)) differences.push(`match ${e.match_id}: rating event for a match that is not ratable`);

  // Each league's own pool (docs/rating.md#league-pools).
  let leagueMatches = 0;
  let leaguePlayers = 0;
  for (const leagueId of await ratings.leaguesWithPools()) {
    const r = await checkLeaguePool(ratings, leagueId);
    leagueMatches += r.matches;
    leaguePlayers += r.players;
    differences.push(...r.differences);
  }
  return { matches: matches.length + leagueMatches, players: pool.size + leaguePlayers, differences };
}

/**
 * Replays one league's history from scratch in played order, each player starting at their stored
 * overall rating just before their first league match there, and compares with the league's pool.
 */
async function checkLeaguePool(ratings: RatingsRepository, leagueId: number): Promise<ReplayReport> {
  const name = leaguePool(leagueId);
  const matches = await ratings.leagueRatable(leagueId);
  const byMatch = groupBy(
    await ratings.rostersOf(
      matches.map((m) => m.id),
      ratings.manager,
    ),
    (p) => p.match_id,
  );
  const rosters = matches.map((m) => byMatch.get(m.id) ?? []);
  const start: RatingPool = new Map();
  for (let i = 0; i < matches.length; i += 1) {
    const fresh = rosters[i].map((p) => p.user_id).filter((id) => !start.has(id));
    if (!fresh.length) continue;
    const before = await ratings.overallBefore(fresh, matches[i].id);
    for (const id of fresh) start.set(id, { ...before.get(id)!, games: 0 });
  }
  const input: ReplayMatch[] = matches.map((m, i) => ({
    teamA: rosters[i].filter((p) => p.team === 'A').map((p) => p.user_id),
    teamB: rosters[i].filter((p) => p.team === 'B').map((p) => p.user_id),
    scoreA: m.team_a_score,
    scoreB: m.team_b_score,
    target: targetScore(m.scoring_type),
    pointUnit: pointUnit(m.scoring_type),
  }));
  const { pool, changes } = replayMatches(input, start);
  const differences: string[] = [];
  const stored = await ratings.statesOf(name);
  const storedById = new Map(stored.map((s) => [s.user_id, s]));
  for (const [id, state] of pool) {
    const s = storedById.get(id);
    if (!s) differences.push(`${name} player ${id}: replay ${state.rating} (${state.games} games), nothing stored`);
    else if (!Object.is(s.rating, state.rating) || !Object.is(s.sigma, state.sigma) || s.games !== state.games)
      differences.push(`${name} player ${id}: stored ${s.rating} (${s.games} games), replay ${state.rating} (${state.games} games)`);
  }
  for (const s of stored) if (!pool.has(s.user_id)) differences.push(`${name} player ${s.user_id}: stored ${s.rating} (${s.games} games) but no league match`);
  const events = await ratings.eventsOf(name);
  const eventOf = new Map(events.map((e) => [`${e.match_id}:${e.user_id}`, e]));
  matches.forEach((m, i) => {
    for (const c of changes[i]) {
      const e = eventOf.get(`${m.id}:${c.id}`);
      if (!e) differences.push(`${name} match ${m.id} player ${c.id}: no rating event`);
      else if (e.engine_version !== ENGINE_VERSION) differences.push(`${name} match ${m.id} player ${c.id}: rated by engine version ${e.engine_version}, replay ${ENGINE_VERSION}`);
      else if (!Object.is(e.before, c.before) || !Object.is(e.after, c.after) || !Object.is(e.sigma_after, c.sigmaAfter))
        differences.push(`${name} match ${m.id} player ${c.id}: event ${e.before} → ${e.after}, replay ${c.before} → ${c.after}`);
    }
  });
  const ratedIds = new Set(matches.map((m) => m.id));
  for (const e of events) if (!ratedIds.has(e.match_id)) differences.push(`${name} match ${e.match_id}: rating event for a match that is not in the league's history`);
  return { matches: matches.length, players: pool.size, differences };
}
