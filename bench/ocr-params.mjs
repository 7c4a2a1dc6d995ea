// Tesseract's parameters on the licence front (not part of `npm run bench`): the CPU per front and
// the refusals of the check's rules, as bench/ocr-front.mjs, for each variant of the traineddata
// and of Tesseract's parameters at OCR_WIDTH, read one at a time. Needs the compiled backend.
//   node bench/ocr-params.mjs [variant ...]      (default: every variant below)
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join, dirname } from 'node:path';
import sharp from 'sharp';
import { ROOT } from '../scripts/lib/services.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const material = require(`${ROOT}/backend/test/support/id-material.cjs`);
const { forOcr, OCR_WIDTH } = require(`${ROOT}/backend/dist/verification/ocr/tesseract-ocr.js`);
const { reencodeImage, ID_PHOTO_SIZE } = require(`${ROOT}/backend/dist/common/upload/image.js`);
const { matchIdText } = require(`${ROOT}/backend/dist/verification/id-match.js`);
const { frontShowsNumber } = require(`${ROOT}/backend/dist/verification/document/document-rules.js`);
const { createWorker } = require(`${ROOT}/node_modules/tesseract.js`);
const eng = require(`${ROOT}/node_modules/@tesseract.js-data/eng`);

const FRONTS = Number(process.env.BENCH_FRONTS || 120);
const VERBOSE = !!process.env.BENCH_VERBOSE;
const data = { tessdata: eng.langPath, best_int: join(dirname(eng.langPath), '4.0.0_best_int') };
// Measured 2026-11-27 (120 fronts, load 11 to 20 on 2 cores; docs/identity-rules.md#speed): every
// variant that costs less refuses fronts, because the state's name is printed light on a dark
// band that only the inverted retry of a line reads; none cheaper keeps 0 refusals.
const VARIANTS = {
  // what TesseractOcr sets for a licence front: 299 ms median, 0 refused
  now: { data: 'tessdata', params: { tessedit_pageseg_mode: '3' } },
  // no inverted retry of badly read lines: 6 of the first 6 fronts refused (state)
  noInvert: { data: 'tessdata', params: { tessedit_pageseg_mode: '3', tessedit_do_invert: '0' } },
  // sparse text instead of the page layout: 209 ms, 119 refused (state)
  sparse: { data: 'tessdata', params: { tessedit_pageseg_mode: '11' } },
  // the package's other English model, LSTM only: 297 ms, 0 refused (loads in half the time)
  bestInt: { data: 'best_int', params: { tessedit_pageseg_mode: '3' } },
  // the inverted retry only below 0.5 of confidence instead of 0.7: 300 ms, 0 refused
  invert50: { data: 'tessdata', params: { tessedit_pageseg_mode: '3', invert_threshold: '0.5' } },
  // no word lists: 334 ms, 0 refused
  noDict: { data: 'tessdata', params: { tessedit_pageseg_mode: '3' }, init: { load_system_dawg: '0', load_freq_dawg: '0' } },
};
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(VARIANTS);

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


const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const la = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const prepared = [];
for (const f of fronts) prepared.push(await forOcr(sharp(f).rotate(), OCR_WIDTH));

console.log(`${FRONTS} licence fronts at ${OCR_WIDTH} px, prepared beforehand (CPU is Tesseract's alone); load average ${la()}`);
for (const name of names) {
  const v = VARIANTS[name];
  let c0 = cpu();
  const worker = await createWorker('eng', 1, { langPath: data[v.data], gzip: true, cacheMethod: 'none', logger: () => undefined }, v.init ?? {});
  const loadMs = cpu() - c0;
  await worker.setParameters({ user_defined_dpi: '72', tessedit_char_whitelist: '', ...v.params });
  await worker.recognize(prepared[0]);
  const total = [], refused = { text: {}, number: 0, either: 0 }, samples = [];
  for (let i = 0; i < FRONTS; i++) {
    c0 = cpu();
    const text = (await worker.recognize(prepared[i])).data.text ?? '';
    total.push(cpu() - c0);
    const p = people[i];
    const mismatch = matchIdText(text, { firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth, state: p.jurisdiction });
    if (mismatch) refused.text[mismatch] = (refused.text[mismatch] ?? 0) + 1;
    const numberShown = frontShowsNumber(text, p.number);
    if (!numberShown) refused.number += 1;
    if (mismatch || !numberShown) refused.either += 1;
    if (VERBOSE && (mismatch || !numberShown)) samples.push(`  #${i}${dim(i) ? ' dim' : ''} ${mismatch ?? ''}${numberShown ? '' : ' number'} (${p.firstName} ${p.lastName} ${p.dateOfBirth} ${p.jurisdiction} ${p.number}): ${JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 200))}`);
  }
  await worker.terminate();
  const sum = total.reduce((a, b) => a + b, 0);
  total.sort((a, b) => a - b);
  const reasons = Object.entries(refused.text).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
  console.log(`${name.padEnd(16)} cpu per front median ${at(total, 0.5).toFixed(0)} ms (mean ${(sum / FRONTS).toFixed(0)}, p90 ${at(total, 0.9).toFixed(0)}), loading ${loadMs.toFixed(0)} ms; refused by matchIdText ${Object.values(refused.text).reduce((a, b) => a + b, 0)} (${reasons}), by frontShowsNumber ${refused.number}; by either ${refused.either}; load ${la()}`);
  for (const s of samples) console.log(s);
}
