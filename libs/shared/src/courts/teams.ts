import { ratingFormula } from '../rating';
import { ELO_SCALE } from '../rating/constants';

/**
 * Calling next (docs/courts.md#calling-next): which queue places play, and how they split into two
 * teams. A unit is one queue place: a player alone, or a group that stays together.
 */

/**
 * The earliest queue places that fill two teams of `teamSize` and can be split into two teams with
 * every group whole: places are taken in queue order, and one that does not fit is passed over
 * (it keeps its place for the next call). `sizes` are the places' player counts in queue order.
 * `fixed`: sizes of places already called (a call being refilled), which stay in the game.
 * Returns the chosen indices, or null when the queue cannot fill a game.
 */
export function pickNextUnits(sizes: readonly number[], teamSize: number, fixed: readonly number[] = []): number[] | null {
  const total = 2 * teamSize;
  const chosen: number[] = [];
  const fixedSum = fixed.reduce((a, b) => a + b, 0);
  // Depth first, taking a place before passing it over: the first selection found is the one
  // that favours the earliest places (a lexicographic order on the queue).
  const search = (from: number, sum: number): boolean => {
    if (sum === total) return canSplit([...fixed, ...chosen.map((i) => sizes[i])], teamSize);
    for (let i = from; i < sizes.length; i += 1) {
      if (sizes[i] < 1 || sizes[i] > teamSize || sum + sizes[i] > total) continue;
      chosen.push(i);
      if (search(i + 1, sum + sizes[i])) return true;
      chosen.pop();
    }
    return false;
  };
  if (fixedSum > total) return null;
  return search(0, fixedSum) ? [...chosen] : null;
}

/** Whether units of these sizes can make two teams of exactly `teamSize` each. */
export function canSplit(sizes: readonly number[], teamSize: number): boolean {
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (sum !== 2 * teamSize) return false;
  let reachable = 1; // bit s: some subset sums to s
  for (const s of sizes) reachable |= reachable << s;
  return (reachable & (1 << teamSize)) !== 0;
}

export interface SplitUnit {
  /** The players' ids and internal ratings. */
  players: readonly { id: number; rating: number }[];
}

export interface BalancedSplit {
  /** Indices of the units on each team. */
  teamA: number[];
  teamB: number[];
  /** Team A's predicted win probability (the rating engine's expected score). */
  probabilityA: number;
  /** How many splits were compared. */
  splits: number;
}

/**
 * The rating engine's player, built field by field: `{ ...p, games: 0 }` cost ~0.9 µs an object
 * on Node 20, which made the 126 splits of ten players ~2.3 ms of CPU instead of ~0.4 ms (the
 * courts bench). The last confirmation splits the teams under the run's lock.
 */
const rated = (p: { id: number; rating: number }) => ({ id: p.id, rating: p.rating, sigma: 1, games: 0 });

/** Team A's win probability from the team means on the plain Elo scale (a balance measure; docs/rating.md). */
export function winProbability(teamA: readonly { id: number; rating: number }[], teamB: readonly { id: number; rating: number }[]): number {
  const a = ratingFormula.teamMean(teamA.map(rated));
  const b = ratingFormula.teamMean(teamB.map(rated));
  return ratingFormula.expectedScore(a, b, 1 / ELO_SCALE, 1);
}

/**
 * Every split of the units into two teams of `teamSize` players, groups whole, compared by how
 * close Team A's win probability comes to 50 %; the first unit is always on Team A, so a split
 * and its mirror count once (10 players alone: 126 splits). Ties keep the first split found, so
 * the answer is deterministic. Null when no split exists.
 */
export function balancedSplit(units: readonly SplitUnit[], teamSize: number): BalancedSplit | null {
  if (!units.length) return null;
  let best: BalancedSplit | null = null;
  let splits = 0;
  const a: number[] = [0];
  const b: number[] = [];
  const size = (idx: number[]) => idx.reduce((n, i) => n + units[i].players.length, 0);
  const visit = (i: number, sizeA: number, sizeB: number): void => {
    if (sizeA > teamSize || sizeB > teamSize) return;
    if (i === units.length) {
      if (sizeA !== teamSize || sizeB !== teamSize) return;
      splits += 1;
      const p = winProbability(
        a.flatMap((k) => units[k].players),
        b.flatMap((k) => units[k].players),
      );
      if (!best || Math.abs(p - 0.5) < Math.abs(best.probabilityA - 0.5)) best = { teamA: [...a], teamB: [...b], probabilityA: p, splits: 0 };
      return;
    }
    const n = units[i].players.length;
    a.push(i);
    visit(i + 1, sizeA + n, sizeB);
    a.pop();
    b.push(i);
    visit(i + 1, sizeA, sizeB + n);
    b.pop();
  };
  visit(1, size([0]), 0);
  const found = best as BalancedSplit | null;
  return found ? { ...found, splits } : null;
}
