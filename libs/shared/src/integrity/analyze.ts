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

export function analyzeIntegrity(input: { matches: readonly IntegrityMatch[]; players: readonly IntegrityPlayer[]; nameOf?: NameOf }): IntegrityReport {
  const nameOf: NameOf = input.nameOf ?? ((id) => `#${id}`);
  const matches = [...input.matches].sort((x, y) => x.completedAt - y.completedAt || x.id - y.id);
  const playerOf = new Map(input.players.map((p) => [p.id, p]));
  const shared = sharedPairs(input.players);
  const byPlayer = new Map<number, IntegrityMatch[]>();
  for (const m of matches) for (const id of [...m.teamA, ...m.teamB]) (byPlayer.get(id) ?? byPlayer.set(id, []).get(id)!).push(m);

  const weights = new Map<number, number>();
  const lower = (matchId: number, w: number) => weights.set(matchId, Math.min(weights.get(matchId) ?? 1, w));
  for (const m of matches) if (sharedAcross(m, shared)) lower(m.id, INTEGRITY.sharedWeight);

  const suspicions: Suspicion[] = [];
  for (const [id, history] of [...byPlayer].sort((a, b) => a[0] - b[0])) {
    const s = groupSuspicion(id, history, playerOf, shared, nameOf) ?? feederSuspicion(id, history, playerOf, shared, nameOf);
    if (s) suspicions.push(s);
    const sand = sandbagSuspicion(id, history, nameOf);
    if (sand) suspicions.push(sand);
  }
  for (const s of suspicions) for (const matchId of s.matchIds) lower(matchId, INTEGRITY.suspectWeight);
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

/** The closed group: a few players who only play each other, the rating flowing one way. */
function groupSuspicion(id: number, history: readonly IntegrityMatch[], playerOf: Map<number, IntegrityPlayer>, shared: Map<string, 'device' | 'address'>, nameOf: NameOf): Suspicion | null {
  const window = history.slice(-INTEGRITY.window);
  if (window.length < INTEGRITY.minClosedMatches) return null;
  const seen = new Map<number, number>();
  for (const m of window) for (const q of [...m.teamA, ...m.teamB]) if (q !== id) seen.set(q, (seen.get(q) ?? 0) + 1);
  const group = new Set([id, ...[...seen].filter(([, n]) => n >= INTEGRITY.groupShare * window.length).map(([q]) => q)]);
  if (group.size < 2 || group.size > INTEGRITY.maxGroup) return null;
  const closed = window.filter((m) => [...m.teamA, ...m.teamB].every((q) => group.has(q)));
  const closure = closed.length / window.length;
  const wins = closed.filter((m) => won(m, id));
  const winShare = closed.length ? wins.length / closed.length : 0;
  if (closed.length < INTEGRITY.minClosedMatches || closure < INTEGRITY.closure || winShare < INTEGRITY.groupWinShare) return null;

  const others = [...group].filter((q) => q !== id).sort((a, b) => a - b);
  const evidence: Evidence[] = [
    { code: 'closed-group', words: `Played ${closed.length} of their last ${window.length} games only with and against ${list(others, nameOf)}.` },
    { code: 'few-opponents-gain', words: `Won ${wins.length} of those ${closed.length} games (${pct(winShare)}): their rating rose mostly against the same ${others.length} player${others.length === 1 ? '' : 's'}.` },
  ];
  let score = 0.5;
  const lopsidedWins = wins.filter((m) => marginOf(m) >= INTEGRITY.lopsided).length;
  if (wins.length && lopsidedWins / wins.length >= INTEGRITY.lopsidedShare) {
    score += 0.2;
    evidence.push({ code: 'lopsided-repeats', words: `${lopsidedWins} of those wins were by a lopsided score.` });
  }
  const lineups = new Map<string, number>();
  for (const m of closed) {
    const key = [[...m.teamA].sort((a, b) => a - b).join(','), [...m.teamB].sort((a, b) => a - b).join(',')].sort().join('|');
    lineups.set(key, (lineups.get(key) ?? 0) + 1);
  }
  const topLineup = Math.max(...lineups.values());
  if (topLineup >= INTEGRITY.minClosedMatches) {
    score += 0.1;
    evidence.push({ code: 'repeated-lineup', words: `The same line-up played ${topLineup} times.` });
  }
  const sharedEv = sharedEvidence(id, closed, shared, nameOf);
  if (sharedEv.length) score += 0.3;
  evidence.push(...sharedEv);
  const newOpp = closed.flatMap((m) => opponentsOf(m, id).map((o) => isNewAt(playerOf.get(o), m.completedAt)));
  const newShare = newOpp.filter(Boolean).length / Math.max(1, newOpp.length);
  if (newShare >= INTEGRITY.newShare) {
    score += 0.2;
    evidence.push({ code: 'new-accounts', words: `${pct(newShare)} of their opponents in those games were new or unverified accounts.` });
  }
  return finish(id, group.size >= 3 ? 'ring' : 'boosting', score, wins, others, evidence);
}

/** Wins farmed off throw-away accounts: new opponents losing by lopsided scores. */
function feederSuspicion(id: number, history: readonly IntegrityMatch[], playerOf: Map<number, IntegrityPlayer>, shared: Map<string, 'device' | 'address'>, nameOf: NameOf): Suspicion | null {
  const window = history.slice(-INTEGRITY.window);
  const fed = window.filter((m) => won(m, id) && marginOf(m) >= INTEGRITY.lopsided && opponentsOf(m, id).every((o) => isNewAt(playerOf.get(o), m.completedAt)));
  if (fed.length < INTEGRITY.minClosedMatches || fed.length / window.length < INTEGRITY.newShare) return null;
  const feeders = [...new Set(fed.flatMap((m) => opponentsOf(m, id)))].sort((a, b) => a - b);
  const evidence: Evidence[] = [
    { code: 'new-accounts', words: `Won ${fed.length} of their last ${window.length} games by lopsided scores against new or unverified accounts (${list(feeders.slice(0, 8), nameOf)}${feeders.length > 8 ? ', …' : ''}).` },
  ];
  const sharedEv = sharedEvidence(id, fed, shared, nameOf);
  evidence.push(...sharedEv);
  const distinct = feeders.length / Math.max(1, fed.reduce((n, m) => n + opponentsOf(m, id).length, 0));
  if (distinct < 0.5) evidence.push({ code: 'low-diversity', words: `Only ${feeders.length} different opponents in those ${fed.length} games.` });
  return finish(id, 'boosting', 0.5 + (sharedEv.length ? 0.3 : 0) + (distinct < 0.5 ? 0.1 : 0), fed, feeders, evidence);
}

/** A run of lopsided losses (a low rating bought on purpose), then winning at once. */
function sandbagSuspicion(id: number, history: readonly IntegrityMatch[], nameOf: NameOf): Suspicion | null {
  let run: IntegrityMatch[] = [];
  for (let i = 0; i < history.length; i++) {
    const m = history[i];
    if (lost(m, id) && marginOf(m) >= INTEGRITY.lopsided) {
      run.push(m);
      continue;
    }
    if (run.length >= INTEGRITY.throwRun) {
      const after = history.slice(i, i + INTEGRITY.recoverWindow);
      const wins = after.filter((x) => won(x, id));
      if (after.length >= Math.ceil(INTEGRITY.recoverWindow / 2) && wins.length / after.length >= INTEGRITY.recoverShare) {
        const beaten = [...new Set(run.flatMap((x) => opponentsOf(x, id)))].sort((a, b) => a - b);
        const victims = [...new Set(wins.flatMap((x) => opponentsOf(x, id)))].sort((a, b) => a - b);
        const evidence: Evidence[] = [
          { code: 'throw-then-win', words: `Lost ${run.length} games in a row by lopsided scores, then won ${wins.length} of the next ${after.length}.` },
        ];
        let score = 0.6;
        if (beaten.length <= 2 * Math.max(...run.map((x) => opponentsOf(x, id).length))) {
          score += 0.2;
          evidence.push({ code: 'loss-streak-group', words: `Those losses were all against the same few players (${list(beaten, nameOf)}).` });
        }
        return finish(id, 'sandbagging', score, [...run, ...wins], victims, evidence);
      }
    }
    run = [];
  }
  return null;
}

function finish(userId: number, kind: SuspicionKind, score: number, games: readonly IntegrityMatch[], others: number[], evidence: Evidence[]): Suspicion | null {
  const capped = Math.min(1, Math.round(score * 100) / 100);
  if (capped < INTEGRITY.flagScore) return null;
  return { userId, kind, score: capped, matchIds: games.map((m) => m.id), with: others, evidence };
}
