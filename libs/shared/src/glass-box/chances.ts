/**
 * What the lobby shows before a ranked game (docs/rating.md#glass-box): each team's chance, and
 * what a win or a loss would do to each player's shown rating. A win or a loss is priced as a
 * typical result: the winner reaches the target, the loser scores 60 % of it (11–7, 21–13, 5–3).
 */
import { targetScore } from '../constants/matches';
import { ratingEngine, type EngineMatch, type EngineSeat } from '../rating/engine';

export interface MatchChances {
  /** Team A's chance, 0–1. */
  chanceA: number;
  /** Per player, the change of the shown rating (thousandths of a point, e.g. 52 for +0.052) after a win and after a loss. */
  players: { id: number; win: number; loss: number }[];
}

const thousandths = (x: number) => Math.round(x * 1000);

export function matchChances(teamA: readonly EngineSeat[], teamB: readonly EngineSeat[], match: EngineMatch): MatchChances {
  const chanceA = ratingEngine.winProbability(
    teamA.map((s) => s.rating),
    teamB.map((s) => s.rating),
    match,
  );
  const target = targetScore(match.scoringType);
  const loser = Math.round(target * 0.6);
  const moved = (scoreA: number, scoreB: number) =>
    new Map(ratingEngine.rate({ ...match, teamA, teamB, scoreA, scoreB }).map((c) => [c.id, thousandths(ratingEngine.shown(c.after)) - thousandths(ratingEngine.shown(c.before))]));
  const aWins = moved(target, loser);
  const bWins = moved(loser, target);
  const inA = new Set(teamA.map((s) => s.id));
  return {
    chanceA,
    players: [...teamA, ...teamB]
      .map((s) => s.id)
      .sort((a, b) => a - b)
      .map((id) => (inA.has(id) ? { id, win: aWins.get(id)!, loss: bWins.get(id)! } : { id, win: bWins.get(id)!, loss: aWins.get(id)! })),
  };
}
