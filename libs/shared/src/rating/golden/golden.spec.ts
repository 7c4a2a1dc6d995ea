/**
 * Golden replay: rebuilding the checked-in history must reproduce every stored number exactly.
 * JSON round-trips doubles exactly (shortest round-trip form), so `toBe` (Object.is) is a
 * bit-for-bit check. With GOLDEN_WRITE=1 the file is regenerated first (see generate.ts).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { MATCH_TYPES, SCORING_TYPES } from '../../constants/matches';
import { replayMatches } from '../replay';
import { buildGoldenReplay, serializeGolden, writeGoldenReplay, type GoldenReplay } from './generate';

const FILE = join(__dirname, 'replay.json');

describe('golden replay', () => {
  let golden: GoldenReplay;

  beforeAll(() => {
    if (process.env.GOLDEN_WRITE === '1') writeGoldenReplay(FILE);
    golden = JSON.parse(readFileSync(FILE, 'utf8')) as GoldenReplay;
  });

  it('covers every match type, every scoring type, draws and overtime', () => {
    expect(new Set(golden.matches.map((m) => m.matchType))).toEqual(new Set(MATCH_TYPES));
    expect(new Set(golden.matches.map((m) => m.scoringType))).toEqual(new Set(SCORING_TYPES));
    expect(golden.matches.some((m) => m.scoreA === m.scoreB)).toBe(true);
    expect(golden.matches.some((m) => Math.max(m.scoreA, m.scoreB) > m.target)).toBe(true);
  });

  it('replays to exactly the stored changes', () => {
    const { changes, pool } = replayMatches(golden.matches);
    expect(changes).toHaveLength(golden.changes.length);
    changes.forEach((matchChanges, m) => {
      expect(matchChanges).toHaveLength(golden.changes[m].length);
      matchChanges.forEach((c, i) => {
        const stored = golden.changes[m][i];
        expect([m, c.id]).toEqual([m, stored.id]);
        expect(c.before).toBe(stored.before);
        expect(c.after).toBe(stored.after);
        expect(c.delta).toBe(stored.delta);
        expect(c.sigmaBefore).toBe(stored.sigmaBefore);
        expect(c.sigmaAfter).toBe(stored.sigmaAfter);
        expect(c.gamesBefore).toBe(stored.gamesBefore);
        expect(c.gamesAfter).toBe(stored.gamesAfter);
      });
    });
    const final = [...pool].sort(([a], [b]) => a - b).map(([id, s]) => [id, s.rating, s.sigma, s.games]);
    expect(final).toEqual(golden.final);
  });

  it('is what the generator produces (the file is not hand-edited)', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(serializeGolden(buildGoldenReplay()));
  });
});
