import { FACE_MATCH_THRESHOLD, faceDistance } from './face-rules';
import { closestFace, dequantise, faceBuckets, faceTemplate, quantise, TABLES } from './face-template';

/** A seeded stand-in for a face descriptor: 128 numbers of about the model's spread. */
function descriptor(seed: number): number[] {
  let s = seed;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296 - 0.5;
  return Array.from({ length: 128 }, () => next() * 0.3);
}
/** `d` moved by `distance` in a seeded direction. */
function near(d: number[], distance: number, seed: number): number[] {
  const dir = descriptor(seed);
  const norm = Math.hypot(...dir);
  return d.map((v, i) => v + (dir[i] / norm) * distance);
}
const shared = (a: string[], b: string[]) => a.filter((x) => b.includes(x)).length;

describe('face templates', () => {
  it('quantises to one byte per number, within a hundredth of the distance', () => {
    const d = descriptor(1);
    const q = quantise(d);
    expect(q.length).toBe(128);
    expect(faceDistance(d, dequantise(q))).toBeLessThan(0.02);
    expect(() => quantise(d.slice(1))).toThrow(/128 numbers/);
  });

  it('gives one bucket per table, the same for the same face and per table apart', () => {
    const b = faceBuckets(descriptor(2));
    expect(b).toHaveLength(TABLES);
    expect(new Set(b.map((x) => BigInt(x) >> 56n)).size).toBe(TABLES);
    expect(faceBuckets(descriptor(2))).toEqual(b);
  });

  it('puts a face and the same face photographed again in a common bucket, and mostly not strangers', () => {
    let found = 0;
    let strangers = 0;
    for (let i = 0; i < 50; i++) {
      const d = descriptor(100 + i);
      const mine = faceTemplate(d).buckets;
      if (shared(mine, faceTemplate(near(d, 0.2, 500 + i)).buckets) > 0) found++;
      strangers += shared(mine, faceTemplate(descriptor(900 + i)).buckets);
    }
    expect(found).toBe(50);
    // 50 strangers × 64 tables: with these seeds every stranger is far more than 0.45 away.
    expect(strangers).toBeLessThan(50 * TABLES * 0.1);
  });

  it('keeps the closest candidate under the match threshold, and none beyond it', () => {
    const d = descriptor(3);
    const close = { id: 'close', template: quantise(near(d, 0.2, 7)) };
    const closer = { id: 'closer', template: quantise(near(d, 0.1, 8)) };
    const far = { id: 'far', template: quantise(near(d, FACE_MATCH_THRESHOLD + 0.05, 9)) };
    expect(closestFace(d, [close, far, closer])?.id).toBe('closer');
    expect(closestFace(d, [far])).toBeNull();
  });
});
