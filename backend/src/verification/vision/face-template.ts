import { FACE_MATCH_THRESHOLD, faceDistance } from './face-rules';

/**
 * The face template an ID-verified account keeps (docs/identity-rules.md#one-face-one-account): the
 * face model's 128-number descriptor, quantised to one signed byte per number, and the buckets of
 * its locality-sensitive hash, so a new verification is compared with the few templates that share
 * a bucket instead of with every account. Never a photo: a descriptor cannot be turned back into one.
 */
export const DESCRIPTOR_LENGTH = 128;
/** One step of the quantised descriptor: face-api's numbers lie well inside ±0.5, 1/256 steps change a distance by about 0.01. */
const STEP = 1 / 256;

export function quantise(descriptor: number[]): Buffer {
  if (descriptor.length !== DESCRIPTOR_LENGTH) throw new Error(`a face descriptor has ${DESCRIPTOR_LENGTH} numbers, not ${descriptor.length}`);
  const out = Buffer.alloc(DESCRIPTOR_LENGTH);
  descriptor.forEach((v, i) => out.writeInt8(Math.max(-127, Math.min(127, Math.round(v / STEP))), i));
  return out;
}

export function dequantise(template: Buffer): number[] {
  return Array.from({ length: template.length }, (_, i) => template.readInt8(i) * STEP);
}

/**
 * The hash (E2LSH, p-stable projections): TABLES tables, each the concatenation of PROJECTIONS
 * values floor((a·v + b) / WIDTH) with a Gaussian and b uniform in [0, WIDTH). Two descriptors
 * share a table's bucket with a probability that falls with their distance d; the chance that
 * they share at least one of the TABLES buckets is 1 − (1 − p(d)^PROJECTIONS)^TABLES.
 * **Decided** (the figures from that formula, docs/identity-rules.md#one-face-one-account): about
 * 0.91 at the match threshold 0.45, 0.997 at 0.35 and 1 − 10⁻⁹ at 0.2 (the same photo used again),
 * while a stranger at 0.9 shares a bucket with a chance of about 4 %, so the exact check reads a
 * few per cent of the templates instead of all of them.
 */
export const TABLES = 64;
export const PROJECTIONS = 12;
export const WIDTH = 1.5;

/** A fixed, seeded generator (mulberry32): the hash's projections are the same in every process and release. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const { planes, offsets } = (() => {
  const random = seeded(0x9e3779b9);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const count = TABLES * PROJECTIONS;
  return {
    planes: Array.from({ length: count }, () => Float64Array.from({ length: DESCRIPTOR_LENGTH }, gaussian)),
    offsets: Float64Array.from({ length: count }, () => random() * WIDTH),
  };
})();

/**
 * The template's bucket in each table, as bigints (decimal strings, as PostgreSQL's bigint[] takes
 * them): the table's number in the top bits, so equal buckets of two tables never meet.
 */
export function faceBuckets(descriptor: number[]): string[] {
  const buckets: string[] = [];
  for (let table = 0; table < TABLES; table++) {
    // FNV-1a over the table's PROJECTIONS small integers, in two 32-bit lanes (56 bits kept).
    let hi = 0x811c9dc5;
    let lo = 0x01000193;
    for (let j = 0; j < PROJECTIONS; j++) {
      const k = table * PROJECTIONS + j;
      const plane = planes[k];
      let dot = offsets[k];
      for (let i = 0; i < DESCRIPTOR_LENGTH; i++) dot += plane[i] * descriptor[i];
      const h = Math.floor(dot / WIDTH) | 0;
      hi = Math.imul(hi ^ h, 0x01000193) >>> 0;
      lo = Math.imul(lo ^ (h + 0x9e3779b9), 0x85ebca6b) >>> 0;
    }
    buckets.push(((BigInt(table) << 56n) | (BigInt(hi & 0xffffff) << 32n) | BigInt(lo)).toString());
  }
  return buckets;
}

/** The closest of `candidates` within the match threshold of `descriptor`, if any (the exact check after the buckets). */
export function closestFace<T extends { template: Buffer }>(descriptor: number[], candidates: T[]): T | null {
  let best: T | null = null;
  let bestDistance = FACE_MATCH_THRESHOLD;
  for (const c of candidates) {
    const d = faceDistance(descriptor, dequantise(c.template));
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

/** What an account keeps: the quantised descriptor and its buckets, hashed from the quantised numbers so a stored template can be hashed again. */
export function faceTemplate(descriptor: number[]): { template: Buffer; buckets: string[] } {
  const template = quantise(descriptor);
  return { template, buckets: faceBuckets(dequantise(template)) };
}
