/**
 * The integrity graph (docs/rating.md#integrity): from stored matches and what the sessions know
 * (keyed hashes of devices and addresses), per match a weight 0–1 that scales its rating effect,
 * and per player the suspicions ops should look at, with the evidence in plain words. Pure and
 * deterministic: the same history gives the same report.
 */
import { INTEGRITY } from './constants';
import type { Evidence, IntegrityMatch, IntegrityPlayer, IntegrityReport, Suspicion, SuspicionKind } from './types';

type NameOf = (id: number) => string;

const pct = (x: number) => `${Math.round(x * 100)} %`;
const list = (ids: readonly number[], nameOf: NameOf) => ids.map(nameOf).join(', ');

function marginOf(m: IntegrityMatch): number {
  const hi = Math.max(m.scoreA, m.scoreB);
  return Math.abs(m.scoreA - m.scoreB) / Math.max(m.target, hi, 1);
}

function sideOf(m: IntegrityMatch, id: number): 'A' | 'B' | null {
  if (m.teamA.includes(id)) return 'A';
  if (m.teamB.includes(id)) return 'B';
  return null;
}

function won(m: IntegrityMatch, id: number): boolean {
  const side = sideOf(m, id);
  return side === 'A' ? m.scoreA > m.scoreB : side === 'B' ? m.scoreB > m.scoreA : false;
}

function lost(m: IntegrityMatch, id: number): boolean {
  const side = sideOf(m, id);
  return side === 'A' ? m.scoreA < m.scoreB : side === 'B' ? m.scoreB < m.scoreA : false;
}

const opponentsOf = (m: IntegrityMatch, id: number): readonly number[] => (sideOf(m, id) === 'A' ? m.teamB : m.teamA);

/** Pairs of players who share a device or an address hash, as `min:max` keys, with which kind. */
function sharedPairs(players: readonly IntegrityPlayer[]): Map<string, 'device' | 'address'> {
  const out = new Map<string, 'device' | 'address'>();
  const index = (kind: 'device' | 'address', pick: (p: IntegrityPlayer) => readonly string[]) => {
    const byHash = new Map<string, number[]>();
    for (const p of players) for (const h of new Set(pick(p))) (byHash.get(h) ?? byHash.set(h, []).get(h)!).push(p.id);
    for (const ids of byHash.values())
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++) {
          const key = pairKey(ids[i], ids[j]);
          if (out.get(key) !== 'device') out.set(key, kind);
        }
  };
  index('device', (p) => p.devices);
  index('address', (p) => p.addresses);
  return out;
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** A device or address shared between the two sides of the match, if any. */
function sharedAcross(m: IntegrityMatch, shared: Map<string, 'device' | 'address'>): { a: number; b: number; kind: 'device' | 'address' } | null {
  let found: { a: number; b: number; kind: 'device' | 'address' } | null = null;
  for (const a of m.teamA)
    for (const b of m.teamB) {
      const kind = shared.get(pairKey(a, b));
      if (kind === 'device') return { a, b, kind };
      if (kind && !found) found = { a, b, kind };
    }
  return found;
}

/**
 * `cleared`: suspicions ops dismissed (`${userId}:${kind}`): still reported, but their matches keep
 * their full weight.
 */
export function analyzeIntegrity(input: {
  matches: readonly IntegrityMatch[];
  players: readonly IntegrityPlayer[];
  nameOf?: NameOf;
  cleared?: ReadonlySet<string>;
}): IntegrityReport {
  const nameOf: NameOf = input.nameOf ?? ((id) => `#${id}`);
  const matches = [...input.matches].sort((x, y) => x.completedAt - y.completedAt || x.id - y.id);
  const playerOf = new Map(input.players.map((p) => [p.id, p]));
  const shared = sharedPairs(input.players);
  const byPlayer = new Map<number, IntegrityMatch[]>();
  for (const m of matches) for (const id of [...m.teamA, ...m.teamB]) (byPlayer.get(id) ?? byPlayer.set(id, []).get(id)!).push(m);

  const weights = new Map<number, number>();
  const lower = (matchId: number, w: number) => weights.set(matchId, Math.min(weights.get(matchId) ?? 1, w));
  const byId = new Map(matches.map((m) => [m.id, m]));

  const suspicions: Suspicion[] = [];
  for (const [id, history] of [...byPlayer].sort((a, b) => a[0] - b[0])) {
    const s = groupSuspicion(id, history, byPlayer, playerOf, shared, nameOf) ?? feederSuspicion(id, history, playerOf, shared, nameOf);
    if (s) suspicions.push(s);
    const sand = sandbagSuspicion(id, history, nameOf);
    if (sand) suspicions.push(sand);
  }
  // A shared device or address alone lowers nothing: players at one court share its Wi-Fi and a
  // carrier's addresses, and many phones one browser's User-Agent. It only weighs in a suspicion.
  for (const s of suspicions)
    if (!input.cleared?.has(`${s.userId}:${s.kind}`))
      for (const matchId of s.matchIds) {
        const m = byId.get(matchId);
        lower(matchId, m && sharedAcross(m, shared) ? INTEGRITY.sharedWeight : INTEGRITY.suspectWeight);
      }
  return { weights, suspicions };
}

function isNewAt(p: IntegrityPlayer | undefined, at: number): boolean {
  return !p || !p.verified || at - p.createdAt < INTEGRITY.newAccountMs;
}

/** Shared devices or addresses between the player and the opponents of these matches. */
function sharedEvidence(id: number, games: readonly IntegrityMatch[], shared: Map<string, 'device' | 'address'>, nameOf: NameOf): Evidence[] {
  const byKind = { device: new Set<number>(), address: new Set<number>() };
  for (const m of games)
    for (const o of opponentsOf(m, id)) {
      const kind = shared.get(pairKey(id, o));
      if (kind) byKind[kind].add(o);
    }
  const out: Evidence[] = [];
  if (byKind.device.size) out.push({ code: 'shared-device', words: `Logged in from the same device as opponents ${list([...byKind.device], nameOf)}.` });
  if (byKind.address.size) out.push({ code: 'shared-address', words: `Logged in from the same network address as opponents ${list([...byKind.address], nameOf)}.` });
  return out;
}

/**
 * Rating gained from the same few opponents: "captives" who play mostly against this player and
 * lose to them nearly every time. Two or more captives are a ring (a closed group feeding one
 * member); one is boosting.
 */
function groupSuspicion(
  id: number,
  history: readonly IntegrityMatch[],
  byPlayer: Map<number, IntegrityMatch[]>,
  playerOf: Map<number, IntegrityPlayer>,
  shared: Map<string, 'device' | 'address'>,
  nameOf: NameOf,
): Suspicion | null {
  const vs = new Map<number, IntegrityMatch[]>();
  for (const m of history) for (const o of opponentsOf(m, id)) (vs.get(o) ?? vs.set(o, []).get(o)!).push(m);
  const captives: number[] = [];
  const fed = new Map<number, IntegrityMatch>();
  const lines: string[] = [];
  for (const [o, games] of [...vs].sort((a, b) => a[0] - b[0])) {
    const total = byPlayer.get(o)?.length ?? 0;
    const beaten = games.filter((m) => won(m, id));
    // A meeting in an n-a-side game counts 1/n: shuffled teams put a strong player across from the
    // same regulars often, while a feeder is met head to head.
    const met = games.reduce((t, m) => t + 1 / m.teamA.length, 0);
    const metBeaten = beaten.reduce((t, m) => t + 1 / m.teamA.length, 0);
    if (met < INTEGRITY.minCaptiveGames || games.length / total < INTEGRITY.captiveShare || metBeaten / met < INTEGRITY.groupWinShare) continue;
    captives.push(o);
    for (const m of beaten) fed.set(m.id, m);
    lines.push(`${nameOf(o)} played ${games.length} of their ${total} games against them and lost ${beaten.length}`);
  }
  const wins = [...fed.values()].sort((x, y) => x.completedAt - y.completedAt || x.id - y.id);
  if (wins.length < INTEGRITY.minClosedMatches) return null;

  const evidence: Evidence[] = [
    {
      code: 'closed-group',
      words: `Their rating rose mostly against the same ${captives.length} player${captives.length === 1 ? '' : 's'}, who play almost only against them: ${lines.join('; ')}.`,
    },
  ];
  // Captives who lose close games are friends who play often, not a ring: thrown games are lopsided.
  const lopsidedWins = wins.filter((m) => marginOf(m) >= INTEGRITY.lopsided).length;
  if (lopsidedWins / wins.length < INTEGRITY.lopsidedShare) return null;
  let score = 0.7;
  evidence.push({ code: 'lopsided-repeats', words: `${lopsidedWins} of those ${wins.length} wins were by a lopsided score.` });
  const lineups = new Map<string, number>();
  for (const m of wins) {
    const key = [[...m.teamA].sort((a, b) => a - b).join(','), [...m.teamB].sort((a, b) => a - b).join(',')].sort().join('|');
    lineups.set(key, (lineups.get(key) ?? 0) + 1);
  }
  const topLineup = Math.max(...lineups.values());
  if (topLineup >= INTEGRITY.minCaptiveGames && wins[0].teamA.length > 1) {
    score += 0.1;
    evidence.push({ code: 'repeated-lineup', words: `The same line-up played ${topLineup} times.` });
  }
  const sharedEv = sharedEvidence(id, wins, shared, nameOf);
  if (sharedEv.length) score += 0.3;
  evidence.push(...sharedEv);
  const newOpp = wins.flatMap((m) => opponentsOf(m, id).map((o) => isNewAt(playerOf.get(o), m.completedAt)));
  const newShare = newOpp.filter(Boolean).length / newOpp.length;
  if (newShare >= INTEGRITY.newShare) {
    score += 0.2;
    evidence.push({ code: 'new-accounts', words: `${pct(newShare)} of their opponents in those games were new or unverified accounts.` });
  }
  return finish(id, captives.length >= 2 ? 'ring' : 'boosting', score, wins, captives, evidence);
}

/** Wins farmed off throw-away accounts: new opponents losing by lopsided scores. */
function feederSuspicion(
  id: number,
  history: readonly IntegrityMatch[],
  playerOf: Map<number, IntegrityPlayer>,
  shared: Map<string, 'device' | 'address'>,
  nameOf: NameOf,
): Suspicion | null {
  const window = history.slice(-INTEGRITY.window);
  const fed = window.filter((m) => won(m, id) && marginOf(m) >= INTEGRITY.lopsided && opponentsOf(m, id).every((o) => isNewAt(playerOf.get(o), m.completedAt)));
  if (fed.length < INTEGRITY.minClosedMatches || fed.length / window.length < INTEGRITY.newShare) return null;
  const feeders = [...new Set(fed.flatMap((m) => opponentsOf(m, id)))].sort((a, b) => a - b);
  const evidence: Evidence[] = [
    {
      code: 'new-accounts',
      words: `Won ${fed.length} of their last ${window.length} games by lopsided scores against new or unverified accounts (${list(feeders.slice(0, 8), nameOf)}${feeders.length > 8 ? ', …' : ''}).`,
    },
  ];
  const sharedEv = sharedEvidence(id, fed, shared, nameOf);
  evidence.push(...sharedEv);
  const distinct =
    feeders.length /
    Math.max(
      1,
      fed.reduce((n, m) => n + opponentsOf(m, id).length, 0),
    );
  if (distinct < 0.5) evidence.push({ code: 'low-diversity', words: `Only ${feeders.length} different opponents in those ${fed.length} games.` });
  return finish(id, 'boosting', 0.5 + (sharedEv.length ? 0.3 : 0) + (distinct < 0.5 ? 0.1 : 0), fed, feeders, evidence);
}

/**
 * A low rating bought on purpose: a new account whose results, against what the rating expected
 * of its side before each game (`expectedA`), turn at once from far below to far above. Each game
 * counts by 1/team size (one player moves a 5v5 result a fifth as much as a 1v1), and the jump is
 * measured in standard deviations of chance, so an honest newcomer's streaks rarely reach it.
 */
function sandbagSuspicion(id: number, history: readonly IntegrityMatch[], nameOf: NameOf): Suspicion | null {
  const early = history.slice(0, INTEGRITY.newAccountGames).filter((m) => m.expectedA !== undefined);
  const g = early.map((m) => {
    const e = sideOf(m, id) === 'A' ? m.expectedA! : 1 - m.expectedA!;
    const n = m.teamA.length;
    return { r: ((won(m, id) ? 1 : lost(m, id) ? 0 : 0.5) - e) / n, v: (e * (1 - e)) / (n * n) };
  });
  const sum = (xs: readonly { r: number; v: number }[], f: (x: { r: number; v: number }) => number) => xs.reduce((t, x) => t + f(x), 0);
  for (let s = INTEGRITY.throwGames; s + INTEGRITY.recoverGames <= early.length; s++) {
    const before = g.slice(0, s);
    const after = g.slice(s, s + INTEGRITY.recoverWindow);
    const lead = sum(before, (x) => x.r) / before.length;
    const z = (sum(after, (x) => x.r) / after.length - lead) / Math.sqrt(sum(after, (x) => x.v) / after.length ** 2 + sum(before, (x) => x.v) / before.length ** 2);
    const afterGames = early.slice(s, s + INTEGRITY.recoverWindow);
    const wins = afterGames.filter((m) => won(m, id));
    if (lead >= 0 || z < INTEGRITY.sandbagZ || wins.length / afterGames.length < INTEGRITY.recoverShare) continue;
    const thrown = early.slice(0, s);
    const losses = thrown.filter((m) => lost(m, id)).length;
    const victims = [...new Set(wins.flatMap((x) => opponentsOf(x, id)))].sort((a, b) => a - b);
    const evidence: Evidence[] = [
      {
        code: 'throw-then-win',
        words: `Lost ${losses} of their first ${s} games, far more than their teams were expected to, then won ${wins.length} of the next ${afterGames.length}, far more than expected: a change this sudden happens by chance about once in ${chanceOf(z)}.`,
      },
    ];
    let score = 0.6;
    const beaten = new Map<number, number>();
    for (const m of thrown) if (lost(m, id)) for (const o of opponentsOf(m, id)) beaten.set(o, (beaten.get(o) ?? 0) + 1);
    const repeat = [...beaten].filter(([, n]) => n >= INTEGRITY.minCaptiveGames).map(([o]) => o);
    if (repeat.length) {
      score += 0.1;
      evidence.push({ code: 'loss-streak-group', words: `They lost again and again to the same players (${list(repeat, nameOf)}).` });
    }
    return finish(id, 'sandbagging', score, [...thrown, ...afterGames], victims, evidence);
  }
  return null;
}

/** One-sided normal tail of z, as "1 in N" rounded to a plain number. */
function chanceOf(z: number): string {
  // Abramowitz–Stegun 26.2.17: close enough for words.
  const t = 1 / (1 + 0.2316419 * z);
  const tail = (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const n = 1 / Math.max(tail, 1e-12);
  const round = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return (Math.round(n / round) * round).toLocaleString('en-US');
}

function finish(userId: number, kind: SuspicionKind, score: number, games: readonly IntegrityMatch[], others: number[], evidence: Evidence[]): Suspicion | null {
  const capped = Math.min(1, Math.round(score * 100) / 100);
  if (capped < INTEGRITY.flagScore) return null;
  return { userId, kind, score: capped, matchIds: games.map((m) => m.id), with: others, evidence };
}
