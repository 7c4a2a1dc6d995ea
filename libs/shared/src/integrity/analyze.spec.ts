import { analyzeIntegrity } from './analyze';
import type { IntegrityMatch, IntegrityPlayer } from './types';

const DAY = 24 * 3600 * 1000;
const player = (id: number, extra: Partial<IntegrityPlayer> = {}): IntegrityPlayer => ({ id, createdAt: 0, verified: true, devices: [`d${id}`], addresses: [`a${id}`], ...extra });

/** A local court: 20 regulars, teams shuffled every game by a fixed generator, results near even. */
function court(from: number, games: number, seed = 7): IntegrityMatch[] {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: IntegrityMatch[] = [];
  for (let g = 0; g < games; g++) {
    const ids = Array.from({ length: 20 }, (_, i) => i + 1)
      .sort(() => rnd() - 0.5)
      .slice(0, 6);
    const a = Math.floor(rnd() * 22);
    out.push({
      id: from + g,
      completedAt: 100 * DAY + g * 3600_000,
      teamA: ids.slice(0, 3),
      teamB: ids.slice(3),
      scoreA: a >= 11 ? 21 : 21 - a,
      scoreB: a >= 11 ? 21 - (a - 10) : 21,
      target: 21,
    });
  }
  return out;
}

describe('analyzeIntegrity', () => {
  const honest = Array.from({ length: 20 }, (_, i) => player(i + 1));

  it('flags no one on a local court where the same regulars meet every day', () => {
    const report = analyzeIntegrity({ matches: court(1, 400), players: honest });
    expect(report.suspicions).toEqual([]);
    expect([...report.weights.values()]).toEqual([]);
  });

  it('finds a ring: a closed group feeding one player lopsided wins, sharing a device', () => {
    const ring = [player(101, { devices: ['phone'] }), player(102, { devices: ['phone'] }), player(103)];
    const matches: IntegrityMatch[] = Array.from({ length: 12 }, (_, i) => ({
      id: 1000 + i,
      completedAt: 200 * DAY + i * 60_000,
      teamA: [101],
      teamB: [102 + (i % 2)],
      scoreA: 11,
      scoreB: 1,
      target: 11,
    }));
    const report = analyzeIntegrity({ matches: [...court(1, 200), ...matches], players: [...honest, ...ring], nameOf: (id) => `p${id}` });
    const flagged = report.suspicions.filter((s) => s.userId === 101);
    expect(flagged).toHaveLength(1);
    expect(flagged[0].kind).toBe('ring');
    expect(flagged[0].matchIds).toEqual(matches.map((m) => m.id));
    expect(flagged[0].evidence.map((e) => e.words).join(' ')).toContain('same device as opponents p102');
    expect(report.suspicions.filter((s) => s.userId <= 20)).toEqual([]);
    // The shared device between the two sides weighs most; every ring match counts less.
    expect(report.weights.get(1000)).toBe(0.25);
    expect(report.weights.get(1001)).toBe(0.5);
  });

  it('finds a sandbagger: far below what the rating expected, then far above at once', () => {
    const sb = player(201);
    const m: IntegrityMatch[] = [];
    for (let i = 0; i < 20; i++) {
      const lose = i < 12;
      m.push({ id: 3000 + i, completedAt: 300 * DAY + i * 60_000, teamA: [201], teamB: [1 + (i % 5)], scoreA: lose ? 1 : 11, scoreB: lose ? 11 : 6, target: 11, expectedA: 0.5 });
    }
    const report = analyzeIntegrity({ matches: [...court(1, 200), ...m], players: [...honest, sb] });
    const s = report.suspicions.find((x) => x.userId === 201);
    expect(s?.kind).toBe('sandbagging');
    expect(s?.evidence[0].words).toMatch(
      /^Lost 1[0-2] of their first 1[0-2] games, far more than their teams were expected to, then won \d+ of the next \d+, far more than expected/,
    );
    expect(s?.matchIds).toEqual(m.map((x) => x.id));
  });

  it('is deterministic and independent of the input order', () => {
    const matches = court(1, 150);
    const a = analyzeIntegrity({ matches, players: honest });
    const b = analyzeIntegrity({ matches: [...matches].reverse(), players: [...honest].reverse() });
    expect(b).toEqual(a);
  });
});
