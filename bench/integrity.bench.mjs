// `npm run bench -- integrity`: the integrity analysis (docs/rating.md#integrity) on the seeded
// pickup simulator (bench/rating-accuracy/simulate.mjs), walked forward one day at a time: every
// night the analysis reads the history so far, as the nightly job does. Reports how many seeded
// rings and sandbaggers are flagged within 20 of their matches, and how many honest players are
// ever flagged, with MET/MISSED against the targets.
//   "Within 20 of their matches": a ring, no later than its 20th arranged game; a sandbagger, no
//   later than its 20th game after it stopped throwing (the games where it takes rating from others).
import { createRequire } from 'node:module';
import { figure, startRecord } from './lib/results.mjs';
import { simulate } from './rating-accuracy/simulate.mjs';

startRecord();
const require = createRequire(import.meta.url);
const { analyzeIntegrity, walkForward } = require('../libs/shared/dist/index.js');

const DAY = 24 * 3600 * 1000;
const SEEDS = (process.env.INTEGRITY_SEEDS ?? '1,2,3').split(',').map(Number);
const WITHIN = 20;

const targetOf = (scoringType) => Number(/to (\d+)/.exec(scoringType)[1]);

const totals = { rings: 0, ringsFlagged: 0, sandbaggers: 0, sandbaggersFlagged: 0, honest: 0, honestFlagged: 0, ms: 0, nights: 0 };
for (const seed of SEEDS) {
  const world = simulate({ seed, scenario: 'mean' });
  const players = world.players.map((p) => ({ id: p.id, createdAt: (p.arrivesDay === 0 ? -365 : p.arrivesDay) * DAY, verified: true, devices: [String(p.device)], addresses: [] }));
  // Each match's prediction before it was rated, as the job reads it (walkForward).
  const pA = new Map(walkForward(world.matches).predictions.map((p) => [p.matchId, p.pA]));
  const matches = world.matches.map((m) => ({
    id: m.id,
    completedAt: m.day * DAY + m.id,
    teamA: m.teamA,
    teamB: m.teamB,
    scoreA: m.scoreA,
    scoreB: m.scoreB,
    target: targetOf(m.scoringType),
    expectedA: pA.get(m.id),
  }));
  const labelOf = new Map(world.players.map((p) => [p.id, p]));

  // Players there from day 0 have older accounts. Per player, their matches in order: to count how many of the relevant ones came before a flag.
  const flaggedAt = new Map();
  const kinds = new Map(); // user id → number of matches so far (index into world.matches) when first flagged
  let upTo = 0;
  for (let day = 0; day < world.days; day += 1) {
    while (upTo < matches.length && world.matches[upTo].day <= day) upTo += 1;
    const started = Date.now();
    const report = analyzeIntegrity({ matches: matches.slice(0, upTo), players });
    totals.ms += Date.now() - started;
    totals.nights += 1;
    for (const s of report.suspicions) {
      if (flaggedAt.has(s.userId)) continue;
      flaggedAt.set(s.userId, upTo);
      kinds.set(s.userId, s);
    }
  }

  const countBefore = (pred, limit) => {
    let n = 0;
    for (let i = 0; i < limit; i += 1) if (pred(world.matches[i])) n += 1;
    return n;
  };
  // Rings: flagged when any member is, within its first 20 arranged games.
  const rings = new Map();
  for (const p of world.players) if (p.label === 'ring') (rings.get(p.ring) ?? rings.set(p.ring, []).get(p.ring)).push(p.id);
  for (const members of rings.values()) {
    totals.rings += 1;
    const when = Math.min(...members.map((id) => flaggedAt.get(id) ?? Infinity));
    const inRing = (m) => m.cheat === 'ring' && members.includes(m.teamA[0]);
    if (when !== Infinity && countBefore(inRing, when) <= WITHIN) totals.ringsFlagged += 1;
  }
  for (const p of world.players.filter((x) => x.label === 'sandbagger')) {
    totals.sandbaggers += 1;
    const when = flaggedAt.get(p.id);
    const honestGame = (m) => !m.cheat && (m.teamA.includes(p.id) || m.teamB.includes(p.id));
    if (when !== undefined && countBefore(honestGame, when) <= WITHIN) totals.sandbaggersFlagged += 1;
  }
  for (const p of world.players.filter((x) => x.label === 'honest' || x.label === 'visitor')) {
    totals.honest += 1;
    if (flaggedAt.has(p.id)) totals.honestFlagged += 1;
    if (flaggedAt.has(p.id) && process.env.INTEGRITY_DEBUG) console.log(p.label, kinds.get(p.id).kind, kinds.get(p.id).evidence[0].words);
  }
  void labelOf;
}

const pct = (a, b) => Math.round((1000 * a) / Math.max(1, b)) / 10;
console.log(`integrity on the pickup simulator, seeds ${SEEDS.join(', ')}, walked forward nightly`);
/** @type {[string, number, string, { op: string; value: number }][]} */
const rows = [
  ['rings flagged within 20 of their games', pct(totals.ringsFlagged, totals.rings), `${totals.ringsFlagged}/${totals.rings}`, { op: '>=', value: 90 }],
  [
    'sandbaggers flagged within 20 games after they stop throwing',
    pct(totals.sandbaggersFlagged, totals.sandbaggers),
    `${totals.sandbaggersFlagged}/${totals.sandbaggers}`,
    { op: '>=', value: 90 },
  ],
  ['honest players ever flagged', pct(totals.honestFlagged, totals.honest), `${totals.honestFlagged}/${totals.honest}`, { op: '<=', value: 0.5 }],
];
for (const [name, value, count, target] of rows) {
  const verdict = figure(name, value, '%', target);
  console.log(`${name.padEnd(62)} ${String(value).padStart(6)} %  (${count})  target ${target.op} ${target.value} %  ${verdict}`);
}
const perNight = Math.round(totals.ms / totals.nights);
figure('analysis of the whole history, per night (mean)', perNight, 'ms');
console.log(`analysis of the whole history, per night (mean): ${perNight} ms`);
