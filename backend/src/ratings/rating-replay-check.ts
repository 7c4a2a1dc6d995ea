import type { DataSource } from 'typeorm';
import { replayMatches, targetScore, type ReplayMatch } from '@gotnext/shared';
import { OVERALL_POOL } from './rating-pools';
import { RatingsRepository } from './ratings.repository';

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
  const input: ReplayMatch[] = matches.map((m) => ({
    teamA: roster.filter((p) => p.match_id === m.id && p.team === 'A').map((p) => p.user_id),
    teamB: roster.filter((p) => p.match_id === m.id && p.team === 'B').map((p) => p.user_id),
    scoreA: m.team_a_score,
    scoreB: m.team_b_score,
    target: targetScore(m.scoring_type),
  }));
  const { pool, changes } = replayMatches(input);
  const differences: string[] = [];

  const stored = await ratings.statesOf(OVERALL_POOL);
  const storedById = new Map(stored.map((s) => [s.user_id, s]));
  for (const [id, state] of pool) {
    const s = storedById.get(id);
    if (!s) differences.push(`player ${id}: replay ${state.rating} (${state.games} games), nothing stored`);
    else if (!Object.is(s.rating, state.rating) || s.games !== state.games) differences.push(`player ${id}: stored ${s.rating} (${s.games} games), replay ${state.rating} (${state.games} games)`);
  }
  for (const s of stored) if (!pool.has(s.user_id)) differences.push(`player ${s.user_id}: stored ${s.rating} (${s.games} games) but no ranked match`);

  const events = await ratings.eventsOf(OVERALL_POOL);
  const eventOf = new Map(events.map((e) => [`${e.match_id}:${e.user_id}`, e]));
  matches.forEach((m, i) => {
    for (const c of changes[i]) {
      const e = eventOf.get(`${m.id}:${c.id}`);
      if (!e) differences.push(`match ${m.id} player ${c.id}: no rating event`);
      else if (!Object.is(e.before, c.before) || !Object.is(e.after, c.after)) differences.push(`match ${m.id} player ${c.id}: event ${e.before} → ${e.after}, replay ${c.before} → ${c.after}`);
    }
  });
  const rated = new Set(matches.map((m) => m.id));
  for (const e of events) if (!rated.has(e.match_id)) differences.push(`match ${e.match_id}: rating event for a match that is not ratable`);
  return { matches: matches.length, players: pool.size, differences };
}
