// Walk-forward scoring of one rating method on one simulated world (issue 46's measures): every
// match is predicted before it is rated, never shuffled. Arranged games (a sandbagger throwing, a
// ring's fixed results) are rated but not scored: no skill predicts them.
import { hiddenSkill } from './simulate.mjs';

const EPS = 1e-9;
const NEWCOMER_WINDOW = 10;
const WITHIN = 10;

function emptyStats() {
  return { n: 0, logLoss: 0, brier: 0, correct: 0 };
}
function add(s, p, y) {
  const q = Math.min(1 - EPS, Math.max(EPS, p));
  s.n += 1;
  s.logLoss -= y * Math.log(q) + (1 - y) * Math.log(1 - q);
  s.brier += (p - y) * (p - y);
  s.correct += p === 0.5 ? 0.5 : p > 0.5 === (y === 1) ? 1 : y === 0.5 ? 0.5 : 0;
}
function done(s) {
  return s.n ? { n: s.n, logLoss: s.logLoss / s.n, brier: s.brier / s.n, accuracy: s.correct / s.n } : { n: 0 };
}

/** Percentile (0–100) of each id's value among `ids`, ties averaged. */
function percentiles(ids, valueOf) {
  const sorted = ids.map((id) => [id, valueOf(id)]).sort((a, b) => a[1] - b[1]);
  const out = new Map();
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1][1] === sorted[i][1]) j += 1;
    const pct = sorted.length > 1 ? (100 * (i + j)) / 2 / (sorted.length - 1) : 50;
    for (let k = i; k <= j; k += 1) out.set(sorted[k][0], pct);
    i = j + 1;
  }
  return out;
}

function spearman(ids, a, b) {
  const pa = percentiles(ids, a);
  const pb = percentiles(ids, b);
  const xs = ids.map((id) => pa.get(id));
  const ys = ids.map((id) => pb.get(id));
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i += 1) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Median, with players who never got there counted as never (Infinity). */
function median(values) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

/**
 * "Within 10 percentiles after g games": the first day-end at which the rating's percentile is
 * within 10 of the hidden skill's and still is at each day-end over the player's next 10 games.
 * `track` is [[games, gap], …] in day order; `from` is the games count the clock starts at.
 */
function gamesUntilWithin(track, from) {
  for (let i = 0; i < track.length; i += 1) {
    const [g, gap] = track[i];
    if (g < from || gap > WITHIN) continue;
    let holds = true;
    for (let j = i + 1; j < track.length && track[j][0] <= g + NEWCOMER_WINDOW; j += 1) if (track[j][1] > WITHIN) holds = false;
    if (holds) return g - from;
  }
  return Infinity;
}

export function score(world, method, { details = true } = {}) {
  const players = new Map(world.players.map((p) => [p.id, p]));
  const games = new Map();
  const overall = emptyStats();
  const bySize = new Map();
  const newcomers = emptyStats();
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  const tracks = new Map();
  const seen = [];
  let day = world.matches.length ? world.matches[0].day : 0;

  const snapshot = (d) => {
    if (!details || !seen.length) return;
    const rated = percentiles(seen, method.value);
    const truth = percentiles(seen, (id) => hiddenSkill(players.get(id), d));
    for (const id of seen) {
      const p = players.get(id);
      if (p.arrivesDay === 0 && p.label === 'honest') continue;
      if (!tracks.has(id)) tracks.set(id, []);
      const t = tracks.get(id);
      const g = games.get(id);
      if (!t.length || t[t.length - 1][0] !== g) t.push([g, Math.abs(rated.get(id) - truth.get(id))]);
    }
  };

  for (const m of world.matches) {
    if (m.day !== day) {
      snapshot(day);
      day = m.day;
    }
    const p = method.predict(m);
    if (!m.cheat) {
      const y = m.scoreA > m.scoreB ? 1 : m.scoreA < m.scoreB ? 0 : 0.5;
      const n = m.teamA.length;
      add(overall, p, y);
      if (!bySize.has(n)) bySize.set(n, emptyStats());
      add(bySize.get(n), p, y);
      if ([...m.teamA, ...m.teamB].some((id) => (games.get(id) ?? 0) < 10)) add(newcomers, p, y);
      const bin = bins[Math.min(9, Math.floor(p * 10))];
      bin.n += 1;
      bin.p += p;
      bin.y += y;
    }
    method.update(m);
    for (const id of [...m.teamA, ...m.teamB]) {
      if (!games.has(id)) seen.push(id);
      games.set(id, (games.get(id) ?? 0) + 1);
    }
  }
  snapshot(day);

  /** @type {any} */
  const result = {
    method: method.name,
    ...done(overall),
    bySize: Object.fromEntries([...bySize].sort((a, b) => a[0] - b[0]).map(([n, s]) => [`${n}v${n}`, done(s)])),
    under10Games: done(newcomers),
    calibration: bins.map((b, i) => ({ bin: `${i * 10}-${i * 10 + 10}%`, n: b.n, predicted: b.n ? b.p / b.n : null, won: b.n ? b.y / b.n : null })),
  };
  if (!details) return result;
  const honest = seen.filter((id) => players.get(id).label === 'honest' && games.get(id) >= 10);
  result.rankCorrelation = spearman(honest, method.value, (id) => players.get(id).skill);
  const newcomerGames = [];
  const sandbaggerGames = [];
  for (const [id, track] of tracks) {
    const p = players.get(id);
    if (p.label === 'honest' && games.get(id) >= 60) newcomerGames.push(gamesUntilWithin(track, 0));
    if (p.label === 'sandbagger' && games.get(id) >= p.sandbagGames + 30) sandbaggerGames.push(gamesUntilWithin(track, p.sandbagGames));
  }
  result.newcomerGamesToWithin10 = median(newcomerGames);
  result.newcomersMeasured = newcomerGames.length;
  result.sandbaggerGamesAfterStop = median(sandbaggerGames);
  result.sandbaggersMeasured = sandbaggerGames.length;
  return result;
}
