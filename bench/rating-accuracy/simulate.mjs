// A seeded simulator of a year of pickup basketball, for the rating-accuracy bench and the
// integrity targets (issue 46). Pure: the same seed and options give the same output, with no
// clock and no Math.random.
//
//   import { simulate, hiddenSkill } from './rating-accuracy/simulate.mjs';
//   const world = simulate({ seed: 1, scenario: 'mean' });
//
// Output (plain JSON apart from nothing; `points` only with { withPoints: true }):
//   world.scenario  'mean' | 'sum' | 'best': what a team's strength is (mean of its hidden skills,
//                   half their sum, or its best player's)
//   world.courts    [{ id, kind: 'public' | 'private' }]; private courts are where rings meet
//   world.players   [{ id, label, ring?, role?, device, homeCourt, arrivesDay, skill, skills,
//                     sandbagGames? }]
//       label   'honest' | 'visitor' (honest, a short stay) | 'sandbagger' | 'smurf' | 'ring'
//       ring    ring id (1…) for label 'ring'; role 'beneficiary' (gains) or 'feeder' (loses to it)
//       device  a device id; a smurf shares its main (honest, strong) account's device
//       skill   hidden skill on the last day (about N(0, 1) across players); skills[w] is the
//               skill in week w (it drifts); hiddenSkill(player, day) reads it
//       sandbagGames  a sandbagger throws its first this-many games (plays at skill −2.5), then
//               plays for real
//   world.matches   walk-forward order (day, then court, then round), ids 1…:
//       { id, day, court, matchType: '1v1'…'5v5', scoringType: '1s & 2s to 11' …, teamA: [ids],
//         teamB: [ids], scoreA, scoreB, points?: 'ABBA…' (who scored each basket), cheat?:
//         'sandbag' (a sandbagger threw it) | 'ring' (an arranged ring game) }
//   Teams are shuffled every game; scores are played basket by basket to the target (5, 11 or
//   21; a basket is 1 or 2 points, or 2 or 3), so a game can end one point past it. No draws.

const SCENARIOS = ['mean', 'sum', 'best'];
export { SCENARIOS };

/** mulberry32: small, seeded, the same on every runtime. */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let spare = null;
  next.normal = () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    const u = Math.max(next(), 1e-12);
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (weights) => {
    let x = next() * weights.reduce((s, w) => s + w, 0);
    for (let i = 0; i < weights.length; i += 1) if ((x -= weights[i]) < 0) return i;
    return weights.length - 1;
  };
  return next;
}

const DEFAULTS = {
  days: 365,
  publicCourts: 8,
  startPlayers: 450,
  newcomers: 650,
  visitorShare: 0.1,
  sandbaggerShare: 0.03,
  smurfShare: 0.02,
  rings: 6,
  travel: 0.08,
  withPoints: false,
};

/** Team sizes 1…5: how often each is played, and its targets (5, 11, 21) weights. */
const SIZE_WEIGHTS = [0.08, 0.17, 0.3, 0.15, 0.3];
const TARGET_WEIGHTS = {
  1: [0.3, 0.55, 0.15],
  2: [0.2, 0.6, 0.2],
  3: [0.1, 0.6, 0.3],
  4: [0.05, 0.45, 0.5],
  5: [0.02, 0.28, 0.7],
};
const TARGETS = [5, 11, 21];
/** Point-level logistic slope per unit of team-strength difference. */
const POINT_SLOPE = 0.35;
const SANDBAG_SKILL = -2.5;
const WEEK = 7;

export function hiddenSkill(player, day) {
  return player.skills[Math.min(player.skills.length - 1, Math.floor(day / WEEK))];
}

function strength(scenario, skills) {
  if (scenario === 'sum') return 0.5 * skills.reduce((s, x) => s + x, 0);
  if (scenario === 'best') return Math.max(...skills);
  return skills.reduce((s, x) => s + x, 0) / skills.length;
}

function scoringTypeOf(target, r) {
  if (target === 5) return '1s & 2s to 5';
  return r() < 0.7 ? `1s & 2s to ${target}` : `2s & 3s to ${target}`;
}

/** Plays a game basket by basket; returns the scores and who scored each basket. */
function play(r, diff, scoringType, target) {
  const q = 1 / (1 + Math.exp(-POINT_SLOPE * diff));
  const [low, high] = scoringType.startsWith('2s') ? [2, 3] : [1, 2];
  let a = 0;
  let b = 0;
  let points = '';
  while (a < target && b < target) {
    const value = r() < 0.25 ? high : low;
    if (r() < q) {
      a += value;
      points += 'A';
    } else {
      b += value;
      points += 'B';
    }
  }
  return { a, b, points };
}

export function simulate(options = {}) {
  const o = { ...DEFAULTS, ...options };
  if (!SCENARIOS.includes(o.scenario ?? 'mean')) throw new Error(`unknown scenario ${o.scenario}`);
  const scenario = o.scenario ?? 'mean';
  const r = rng(o.seed ?? 1);
  const weeks = Math.ceil(o.days / WEEK) + 1;
  const courts = Array.from({ length: o.publicCourts }, (_, i) => ({ id: i + 1, kind: 'public' }));
  const players = [];
  let device = 0;

  function addPlayer(fields) {
    const base = fields.base ?? r.normal();
    const skills = [];
    let s = base;
    for (let w = 0; w < weeks; w += 1) {
      skills.push(Math.round(s * 1e4) / 1e4);
      s += 0.04 * r.normal();
    }
    // Activity: the chance of playing on a given day, heavily skewed (a few play most days).
    const activity = Math.min(0.8, Math.exp(Math.log(0.1) + 0.9 * r.normal()));
    const p = {
      id: players.length + 1,
      label: 'honest',
      device: fields.device ?? ++device,
      homeCourt: fields.homeCourt ?? 1 + r.int(o.publicCourts),
      arrivesDay: 0,
      leavesDay: o.days,
      activity,
      skill: 0,
      skills,
      ...fields,
    };
    delete p.base;
    p.skill = skills[Math.min(weeks - 1, Math.floor((o.days - 1) / WEEK))];
    players.push(p);
    return p;
  }

  for (let i = 0; i < o.startPlayers; i += 1) addPlayer({});
  for (let i = 0; i < o.newcomers; i += 1) {
    const arrivesDay = 1 + r.int(o.days - 30);
    const kind = r();
    if (kind < o.visitorShare) {
      addPlayer({ label: 'visitor', arrivesDay, leavesDay: Math.min(o.days, arrivesDay + 4 + r.int(10)), activity: 0.7 });
    } else if (kind < o.visitorShare + o.sandbaggerShare) {
      addPlayer({ label: 'sandbagger', arrivesDay, base: 0.6 + Math.abs(r.normal()) * 0.7, sandbagGames: 20, activity: 0.3 });
    } else if (kind < o.visitorShare + o.sandbaggerShare + o.smurfShare) {
      const strong = players.filter((p) => p.label === 'honest' && p.skills[0] > 1);
      const main = strong[r.int(strong.length)];
      addPlayer({ label: 'smurf', arrivesDay, base: main.skills[0], device: main.device, homeCourt: main.homeCourt, activity: 0.25 });
    } else {
      addPlayer({ arrivesDay });
    }
  }
  // Rings: a beneficiary and 2–3 feeder accounts meeting at a private court, weekly.
  const rings = [];
  for (let k = 1; k <= o.rings; k += 1) {
    const court = { id: courts.length + 1, kind: 'private' };
    courts.push(court);
    const arrivesDay = r.int(o.days / 2);
    const home = 1 + r.int(o.publicCourts);
    const members = [addPlayer({ label: 'ring', ring: k, role: 'beneficiary', arrivesDay, homeCourt: home, activity: 0.3 })];
    const feeders = 2 + r.int(2);
    for (let f = 0; f < feeders; f += 1) {
      members.push(addPlayer({ label: 'ring', ring: k, role: 'feeder', arrivesDay, homeCourt: home, base: -0.5 + 0.7 * r.normal(), activity: 0.05 }));
    }
    rings.push({ id: k, court: court.id, members, day: r.int(WEEK) });
  }

  const games = new Map(players.map((p) => [p.id, 0]));
  const matches = [];
  const push = (m) => {
    matches.push({ id: matches.length + 1, ...m });
    for (const id of [...m.teamA, ...m.teamB]) games.set(id, games.get(id) + 1);
  };

  for (let day = 0; day < o.days; day += 1) {
    const atCourt = new Map();
    for (const p of players) {
      if (day < p.arrivesDay || day >= p.leavesDay || r() >= p.activity) continue;
      const court = p.label !== 'visitor' && r() < o.travel ? 1 + r.int(o.publicCourts) : p.homeCourt;
      if (!atCourt.has(court)) atCourt.set(court, []);
      atCourt.get(court).push(p);
    }
    for (const court of [...atCourt.keys()].sort((a, b) => a - b)) {
      const present = atCourt.get(court);
      const rounds = 2 + r.int(4);
      for (let round = 0; round < rounds; round += 1) {
        const pool = present.filter(() => r() < 0.85);
        for (let i = pool.length - 1; i > 0; i -= 1) {
          const j = r.int(i + 1);
          [pool[i], pool[j]] = [pool[j], pool[i]];
        }
        // One match type per round at a court (the run being played); who is left over waits.
        const maxSize = Math.min(5, Math.floor(pool.length / 2));
        const n = maxSize > 0 ? 1 + r.pick(SIZE_WEIGHTS.slice(0, maxSize)) : 0;
        while (n > 0 && pool.length >= 2 * n) {
          const seats = pool.splice(0, 2 * n);
          const teamA = seats.slice(0, n);
          const teamB = seats.slice(n);
          const target = TARGETS[r.pick(TARGET_WEIGHTS[n])];
          const scoringType = scoringTypeOf(target, r);
          let thrown = false;
          const effective = (p) => {
            if (p.label === 'sandbagger' && games.get(p.id) < p.sandbagGames) {
              thrown = true;
              return SANDBAG_SKILL;
            }
            return hiddenSkill(p, day);
          };
          const diff = strength(scenario, teamA.map(effective)) - strength(scenario, teamB.map(effective));
          const g = play(r, diff, scoringType, target);
          push({
            day,
            court,
            matchType: `${n}v${n}`,
            scoringType,
            teamA: teamA.map((p) => p.id),
            teamB: teamB.map((p) => p.id),
            scoreA: g.a,
            scoreB: g.b,
            ...(o.withPoints ? { points: g.points } : {}),
            ...(thrown ? { cheat: 'sandbag' } : {}),
          });
        }
      }
    }
    for (const ring of rings) {
      if (day < ring.members[0].arrivesDay || day % WEEK !== ring.day) continue;
      const [beneficiary, ...feeders] = ring.members;
      for (let g = 0; g < 4; g += 1) {
        const feeder = feeders[g % feeders.length];
        const loser = 1 + r.int(4);
        const beneficiaryIsA = r() < 0.5;
        push({
          day,
          court: ring.court,
          matchType: '1v1',
          scoringType: '1s & 2s to 11',
          teamA: [beneficiaryIsA ? beneficiary.id : feeder.id],
          teamB: [beneficiaryIsA ? feeder.id : beneficiary.id],
          scoreA: beneficiaryIsA ? 11 : loser,
          scoreB: beneficiaryIsA ? loser : 11,
          ...(o.withPoints ? { points: (beneficiaryIsA ? 'A' : 'B').repeat(11) } : {}),
          cheat: 'ring',
        });
      }
    }
  }
  for (const p of players) {
    delete p.activity;
    delete p.leavesDay;
  }
  return { seed: o.seed ?? 1, scenario, days: o.days, courts, players, matches };
}
