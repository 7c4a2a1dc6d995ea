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
import sharp from 'sharp';
import { ROOT } from '../scripts/lib/services.mjs';
import { at, cpu, dim, la, licenceFronts, Refusals } from './lib/licence-fronts.mjs';

const require = createRequire(import.meta.url);
const { TesseractOcr, forOcr } = require(`${ROOT}/backend/dist/verification/ocr/tesseract-ocr.js`);

const FRONTS = Number(process.env.BENCH_FRONTS || 120);
const WIDTHS = process.argv.slice(2).map(Number).filter(Boolean);
if (!WIDTHS.length) WIDTHS.push(1000, 1200, 1400, 1600);
const VERBOSE = !!process.env.BENCH_VERBOSE;

const { people, fronts } = await licenceFronts(FRONTS);

const ocr = new TesseractOcr();
await ocr.warm();

console.log(`${FRONTS} licence fronts (${people.filter((_, i) => dim(i)).length} in poor light), ${new Set(people.map((p) => p.jurisdiction)).size} states; load average ${la()}`);
for (const width of WIDTHS) {
  await ocr.readText(fronts[0], width); // the first read at a new size allocates; not the front's cost
  const prep = [],
    total = [],
    refused = new Refusals(people, VERBOSE);
  for (let i = 0; i < FRONTS; i++) {
    let c0 = cpu();
    await forOcr(sharp(fronts[i]).rotate(), width);
    prep.push(cpu() - c0);
    c0 = cpu();
    const text = await ocr.readText(fronts[i], width);
    total.push(cpu() - c0);
    refused.judge(i, text);
  }
  prep.sort((a, b) => a - b);
  total.sort((a, b) => a - b);
  console.log(
    `width ${String(width).padStart(4)}: cpu per front median ${at(total, 0.5).toFixed(0)} ms (p90 ${at(total, 0.9).toFixed(0)}), preparing ${at(prep, 0.5).toFixed(0)} ms; ${refused}; load ${la()}`,
  );
  for (const s of refused.samples) console.log(s);
}
await ocr.onApplicationShutdown();
