// The licence front's OCR at several widths (not part of `npm run bench`): which OCR_WIDTH
// (backend/src/verification/ocr/tesseract-ocr.ts) costs least CPU without refusing more real cards
// (docs/identity-rules.md#speed). It renders BENCH_FRONTS licence fronts (default 120) of different
// people with the test material generator (backend/test/support/id-material.cjs: names, numbers in
// each state's format, states, dates and faces vary, from a fixed seed so every run sees the same
// cards), re-encodes each as the upload path does (reencodeImage with ID_PHOTO_SIZE), reads it with
// the real TesseractOcr at each width given on the command line (default 1000 1200 1400 1600), and
// applies the rules the check applies to the front's text: matchIdText against the account and
// frontShowsNumber against the barcode's number. Per width it prints the CPU per front (median and
// p90, every thread of the process; the image preparation alone as well) and how many fronts each
// rule refuses. Every third front is photographed in poor light (low contrast). Reads run one at a
// time, so the CPU is the front's own. Needs the compiled backend.
//   node bench/ocr-front.mjs 1000 1600        BENCH_FRONTS=200 node bench/ocr-front.mjs
//   BENCH_VERBOSE=1 prints each refused front's text.
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { ROOT } from '../scripts/lib/services.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const material = require(`${ROOT}/backend/test/support/id-material.cjs`);
const { TesseractOcr, forOcr } = require(`${ROOT}/backend/dist/verification/ocr/tesseract-ocr.js`);
const { reencodeImage, ID_PHOTO_SIZE } = require(`${ROOT}/backend/dist/common/upload/image.js`);
const { matchIdText } = require(`${ROOT}/backend/dist/verification/id-match.js`);
const { frontShowsNumber } = require(`${ROOT}/backend/dist/verification/document/document-rules.js`);

const FRONTS = Number(process.env.BENCH_FRONTS || 120);
const WIDTHS = process.argv.slice(2).map(Number).filter(Boolean);
if (!WIDTHS.length) WIDTHS.push(1000, 1200, 1400, 1600);
const VERBOSE = !!process.env.BENCH_VERBOSE;

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
const date = (fromYear, toYear) => `${fromYear + Math.floor(random() * (toYear - fromYear + 1))}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;

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
const FIRST = ['Marcus', 'Aaliyah', 'DeShawn', 'Emily', 'José', 'Mei', 'Tyrone', 'Olivia', 'Andre', 'Keisha', 'Liam', 'Sofia', 'Malik', 'Grace', 'Jamal', 'Zoe', 'Darius', 'Hannah', 'Xavier', 'Imani', 'Kevin', 'Priya', 'Terrence', 'Chloe'];
const LAST = ['Johnson', 'Williams', "O'Neil", 'Nguyen', 'Rodriguez', 'Smith-Jones', 'Washington', 'Kowalski', 'Brown', 'Okafor', 'Garcia', 'Thompson', 'Li', 'Jackson', 'McAllister', 'Patel', 'Davis', 'Robinson', 'Fitzgerald', 'Harris'];

const people = Array.from({ length: FRONTS }, () => {
  const [stateName, jurisdiction, number] = pick(STATES);
  return { firstName: pick(FIRST), lastName: pick(LAST), dateOfBirth: date(1955, 2007), expiry: date(2027, 2034), stateName, jurisdiction, number: number(), face: pick(material.FACE_IDS) };
});
/** Every third card photographed in poor light: half the contrast, washed out (what the preparation's contrast stretch is for). */
const dim = (i) => i % 3 === 2;
const fronts = [];
for (const [i, p] of people.entries()) {
  const card = await material.licenceFront(p);
  fronts.push(await reencodeImage(dim(i) ? await sharp(card).linear(0.45, 95).jpeg({ quality: 90 }).toBuffer() : card, ID_PHOTO_SIZE));
}

const ocr = new TesseractOcr();
await ocr.warm();
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const la = () => loadavg().map((l) => l.toFixed(2)).join(' ');

console.log(`${FRONTS} licence fronts (${people.filter((_, i) => dim(i)).length} in poor light), ${new Set(people.map((p) => p.jurisdiction)).size} states; load average ${la()}`);
for (const width of WIDTHS) {
  await ocr.readText(fronts[0], width); // the first read at a new size allocates; not the front's cost
  const prep = [], total = [], refused = { text: {}, number: 0, either: 0 }, samples = [];
  for (let i = 0; i < FRONTS; i++) {
    let c0 = cpu();
    await forOcr(sharp(fronts[i]).rotate(), width);
    prep.push(cpu() - c0);
    c0 = cpu();
    const text = await ocr.readText(fronts[i], width);
    total.push(cpu() - c0);
    const p = people[i];
    const mismatch = matchIdText(text, { firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth, state: p.jurisdiction });
    if (mismatch) refused.text[mismatch] = (refused.text[mismatch] ?? 0) + 1;
    const numberShown = frontShowsNumber(text, p.number);
    if (!numberShown) refused.number += 1;
    if (mismatch || !numberShown) refused.either += 1;
    if (VERBOSE && (mismatch || !numberShown)) samples.push(`  #${i}${dim(i) ? ' dim' : ''} ${mismatch ?? ''}${numberShown ? '' : ' number'} (${p.firstName} ${p.lastName} ${p.dateOfBirth} ${p.jurisdiction} ${p.number}): ${JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 200))}`);
  }
  prep.sort((a, b) => a - b);
  total.sort((a, b) => a - b);
  const textRefusals = Object.values(refused.text).reduce((a, b) => a + b, 0);
  const reasons = Object.entries(refused.text).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  console.log(`width ${String(width).padStart(4)}: cpu per front median ${at(total, 0.5).toFixed(0)} ms (p90 ${at(total, 0.9).toFixed(0)}), preparing ${at(prep, 0.5).toFixed(0)} ms; refused by matchIdText ${textRefusals} (${reasons}), by frontShowsNumber ${refused.number}; by either ${refused.either}; load ${la()}`);
  for (const s of samples) console.log(s);
}
await ocr.onApplicationShutdown();
