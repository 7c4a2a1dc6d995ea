// Tesseract's parameters on the licence front (not part of `npm run bench`): the CPU per front and
// the refusals of the check's rules, as bench/ocr-front.mjs, for each variant of the traineddata
// and of Tesseract's parameters at OCR_WIDTH, read one at a time. Needs the compiled backend.
//   node bench/ocr-params.mjs [variant ...]      (default: every variant below)
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import sharp from 'sharp';
import { ROOT } from '../scripts/lib/services.mjs';
import { at, cpu, la, licenceFronts, Refusals } from './lib/licence-fronts.mjs';

const require = createRequire(import.meta.url);
const { forOcr, OCR_WIDTH } = require(`${ROOT}/backend/dist/verification/ocr/tesseract-ocr.js`);
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

const { people, fronts } = await licenceFronts(FRONTS);

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
  const total = [],
    refused = new Refusals(people, VERBOSE);
  for (let i = 0; i < FRONTS; i++) {
    c0 = cpu();
    const text = (await worker.recognize(prepared[i])).data.text ?? '';
    total.push(cpu() - c0);
    refused.judge(i, text);
  }
  await worker.terminate();
  const sum = total.reduce((a, b) => a + b, 0);
  total.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(16)} cpu per front median ${at(total, 0.5).toFixed(0)} ms (mean ${(sum / FRONTS).toFixed(0)}, p90 ${at(total, 0.9).toFixed(0)}), loading ${loadMs.toFixed(0)} ms; ${refused}; load ${la()}`,
  );
  for (const s of refused.samples) console.log(s);
}
