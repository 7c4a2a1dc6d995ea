// The licence fronts bench/ocr-front.mjs and bench/ocr-params.mjs read, and how the check's rules
// judge what Tesseract made of them (docs/identity-rules.md#speed). Needs the compiled backend.
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { ROOT } from '../../scripts/lib/services.mjs';
import { loadAverage } from './machine.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const material = require(`${ROOT}/backend/test/support/id-material.cjs`);
const { reencodeImage, ID_PHOTO_SIZE } = require(`${ROOT}/backend/dist/common/upload/image.js`);
const { matchIdText } = require(`${ROOT}/backend/dist/verification/id-match.js`);
const { frontShowsNumber } = require(`${ROOT}/backend/dist/verification/document/document-rules.js`);

/** This process's CPU so far, in ms (every thread: Tesseract runs in its own). */
export const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
export const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
export const la = loadAverage;

// A fixed seed (mulberry32): the same people on every run, so widths and runs compare card for card.
let seed = 13;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const digits = (n) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
const letter = () => pick('ABCDEFGHJKLMNPRSTUVWXYZ');
const date = (fromYear, toYear) =>
  `${fromYear + Math.floor(random() * (toYear - fromYear + 1))}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;

/** States with the shape of their licence numbers (AAMVA DL/ID card design standard, annex). */
const STATES = [
  ['CALIFORNIA', 'CA', () => letter() + digits(7)],
  ['TEXAS', 'TX', () => digits(8)],
  ['NEW YORK', 'NY', () => digits(9)],
  ['FLORIDA', 'FL', () => letter() + digits(12)],
  ['ILLINOIS', 'IL', () => letter() + digits(11)],
  ['WASHINGTON', 'WA', () => `WDL${letter()}${letter()}${digits(4)}${letter()}${digits(2)}`],
  ['PENNSYLVANIA', 'PA', () => digits(8)],
  ['OHIO', 'OH', () => letter() + letter() + digits(6)],
  ['MICHIGAN', 'MI', () => letter() + digits(12)],
  ['GEORGIA', 'GA', () => digits(9)],
  ['ARIZONA', 'AZ', () => letter() + digits(8)],
  ['MASSACHUSETTS', 'MA', () => `S${digits(8)}`],
  ['NORTH CAROLINA', 'NC', () => digits(12)],
  ['NEW JERSEY', 'NJ', () => letter() + digits(14)],
];
const FIRST = [
  'Marcus',
  'Aaliyah',
  'DeShawn',
  'Emily',
  'José',
  'Mei',
  'Tyrone',
  'Olivia',
  'Andre',
  'Keisha',
  'Liam',
  'Sofia',
  'Malik',
  'Grace',
  'Jamal',
  'Zoe',
  'Darius',
  'Hannah',
  'Xavier',
  'Imani',
  'Kevin',
  'Priya',
  'Terrence',
  'Chloe',
];
const LAST = [
  'Johnson',
  'Williams',
  "O'Neil",
  'Nguyen',
  'Rodriguez',
  'Smith-Jones',
  'Washington',
  'Kowalski',
  'Brown',
  'Okafor',
  'Garcia',
  'Thompson',
  'Li',
  'Jackson',
  'McAllister',
  'Patel',
  'Davis',
  'Robinson',
  'Fitzgerald',
  'Harris',
];

/** Every third card photographed in poor light: half the contrast, washed out (what the preparation's contrast stretch is for). */
export const dim = (i) => i % 3 === 2;

/**
 * `count` licence fronts of different people, rendered by the test material generator and
 * re-encoded as the upload path does (reencodeImage with ID_PHOTO_SIZE), with who is on each.
 */
export async function licenceFronts(count) {
  const people = Array.from({ length: count }, () => {
    const [stateName, jurisdiction, number] = pick(STATES);
    return {
      firstName: pick(FIRST),
      lastName: pick(LAST),
      dateOfBirth: date(1955, 2007),
      expiry: date(2027, 2034),
      stateName,
      jurisdiction,
      number: number(),
      face: pick(material.FACE_IDS),
    };
  });
  const fronts = [];
  for (const [i, p] of people.entries()) {
    const card = await material.licenceFront(p);
    fronts.push(await reencodeImage(dim(i) ? await sharp(card).linear(0.45, 95).jpeg({ quality: 90 }).toBuffer() : card, ID_PHOTO_SIZE));
  }
  return { people, fronts };
}

/** The check's rules on each front's text: matchIdText against the account, frontShowsNumber against the barcode's number. */
export class Refusals {
  text = {};
  number = 0;
  either = 0;
  samples = [];

  constructor(people, verbose) {
    this.people = people;
    this.verbose = verbose;
  }

  judge(i, text) {
    const p = this.people[i];
    const mismatch = matchIdText(text, { firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth, state: p.jurisdiction });
    if (mismatch) this.text[mismatch] = (this.text[mismatch] ?? 0) + 1;
    const numberShown = frontShowsNumber(text, p.number);
    if (!numberShown) this.number += 1;
    if (mismatch || !numberShown) this.either += 1;
    if (this.verbose && (mismatch || !numberShown))
      this.samples.push(
        `  #${i}${dim(i) ? ' dim' : ''} ${mismatch ?? ''}${numberShown ? '' : ' number'} (${p.firstName} ${p.lastName} ${p.dateOfBirth} ${p.jurisdiction} ${p.number}): ${JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 200))}`,
      );
  }

  toString() {
    const reasons =
      Object.entries(this.text)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none';
    return `refused by matchIdText ${Object.values(this.text).reduce((a, b) => a + b, 0)} (${reasons}), by frontShowsNumber ${this.number}; by either ${this.either}`;
  }
}
