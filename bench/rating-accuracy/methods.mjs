// The rating methods the accuracy bench compares, behind one shape:
//   { name, predict(match) → P(team A wins), update(match), value(id) → the rating that ranks a player }
// Each keeps its own pool by player id. TrueSkill and OpenSkill are references only
// (devDependencies); their one scale parameter (β) and plain Elo's K are fitted on a training seed.
import { createRequire } from 'node:module';
import { TrueSkill } from 'ts-trueskill';
import { rating as osRating, rate as osRate, predictWin as osPredictWin } from 'openskill';
import { previousEngine } from './previous-engine.mjs';

const require = createRequire(import.meta.url);
const shared = require('@gotnext/shared');

const target = (m) => Number(m.scoringType.split(' to ')[1]);

/** A harness over the shape issue 46 exports (ratingEngine, or engineWith(params) while tuning). */
export function engineMethod(engine = shared.ratingEngine, name = `GotNext engine v${engine.version}`) {
  const pool = new Map();
  const get = (id) => pool.get(id) ?? engine.initial();
  return {
    name,
    predict: (m) => engine.winProbability(m.teamA.map(get), m.teamB.map(get), m),
    update(m) {
      const seat = (id) => ({ id, rating: get(id) });
      for (const c of engine.rate({ ...m, teamA: m.teamA.map(seat), teamB: m.teamB.map(seat) })) pool.set(c.id, c.after);
    },
    value: (id) => get(id).mu,
    state: get,
  };
}

export function previousMethod(options) {
  const engine = previousEngine(options);
  const pool = new Map();
  const get = (id) => pool.get(id) ?? { id, ...engine.initial() };
  return {
    name: engine.name,
    predict: (m) => engine.winProbability(m.teamA.map(get), m.teamB.map(get)),
    update(m) {
      const out = engine.rate({ teamA: m.teamA.map(get), teamB: m.teamB.map(get), scoreA: m.scoreA, scoreB: m.scoreB, target: target(m) });
      for (const c of out) pool.set(c.id, { id: c.id, ...c.after });
    },
    value: (id) => get(id).mu,
  };
}

/** Plain team Elo: mean of the team, win/loss only, one K. */
export function eloMethod(k = 24) {
  const pool = new Map();
  const get = (id) => pool.get(id) ?? 1500;
  const mean = (ids) => ids.reduce((s, id) => s + get(id), 0) / ids.length;
  const p = (m) => 1 / (1 + Math.pow(10, (mean(m.teamB) - mean(m.teamA)) / 400));
  return {
    name: `plain Elo (K ${round(k)})`,
    predict: p,
    update(m) {
      const y = m.scoreA > m.scoreB ? 1 : m.scoreA < m.scoreB ? 0 : 0.5;
      const d = k * (y - p(m));
      for (const id of m.teamA) pool.set(id, get(id) + d);
      for (const id of m.teamB) pool.set(id, get(id) - d);
    },
    value: get,
  };
}

/** TrueSkill (ts-trueskill) with its defaults but β; no draws. */
export function trueSkillMethod(beta = 25 / 6) {
  const env = new TrueSkill(25, 25 / 3, beta, 25 / 300, 0);
  const pool = new Map();
  const get = (id) => pool.get(id) ?? env.createRating();
  return {
    name: `TrueSkill (β ${round(beta)})`,
    predict: (m) => env.winProbability(m.teamA.map(get), m.teamB.map(get)),
    update(m) {
      const a = m.teamA.map(get);
      const b = m.teamB.map(get);
      const aWon = m.scoreA >= m.scoreB;
      const [first, second] = env.rate(aWon ? [a, b] : [b, a], m.scoreA === m.scoreB ? [0, 0] : [0, 1]);
      const [na, nb] = aWon ? [first, second] : [second, first];
      m.teamA.forEach((id, i) => pool.set(id, na[i]));
      m.teamB.forEach((id, i) => pool.set(id, nb[i]));
    },
    value: (id) => get(id).mu,
  };
}

/** OpenSkill (Weng–Lin, Plackett–Luce, its default model) with its defaults but β. */
export function openSkillMethod(beta = 25 / 6) {
  const pool = new Map();
  const get = (id) => pool.get(id) ?? osRating();
  return {
    name: `OpenSkill (β ${round(beta)})`,
    predict: (m) => osPredictWin([m.teamA.map(get), m.teamB.map(get)], { beta })[0],
    update(m) {
      const rank = m.scoreA > m.scoreB ? [1, 2] : m.scoreA < m.scoreB ? [2, 1] : [1, 1];
      const [na, nb] = osRate([m.teamA.map(get), m.teamB.map(get)], { rank, beta });
      m.teamA.forEach((id, i) => pool.set(id, na[i]));
      m.teamB.forEach((id, i) => pool.set(id, nb[i]));
    },
    value: (id) => get(id).mu,
  };
}

function round(x) {
  return Math.round(x * 100) / 100;
}
