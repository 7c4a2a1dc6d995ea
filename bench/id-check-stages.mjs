// Per-stage profile of one ID check (not part of `npm run bench`): each stage of LocalIdChecker run
// alone, one after another, with its wall time and the process's CPU time (every thread: OCR and
// vision run on worker threads of this process). Needs the compiled backend.
import { createRequire } from 'node:module';
import { ROOT } from '../scripts/lib/services.mjs';
import { loadAverage } from './lib/machine.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const material = require(`${ROOT}/backend/test/support/id-material.cjs`);
const { TesseractOcr } = require(`${ROOT}/backend/dist/verification/ocr/tesseract-ocr.js`);
const { VisionEngine } = require(`${ROOT}/backend/dist/verification/vision/vision-engine.js`);
const { LocalIdChecker } = require(`${ROOT}/backend/dist/verification/local-id-checker.js`);

const RUNS = Number(process.env.BENCH_RUNS || 5);
const ocr = new TesseractOcr();
const vision = new VisionEngine();
const checker = new LocalIdChecker(ocr, vision);
await Promise.all([ocr.warm(), vision.warm()]);

const person = {
  firstName: 'Marcus',
  lastName: 'Johnson',
  dateOfBirth: '1999-06-15',
  stateName: 'CALIFORNIA',
  jurisdiction: 'CA',
  number: 'D1000001',
  expiry: '2031-06-15',
  face: '3.0',
  nationality: 'USA',
};
const expected = { firstName: 'Marcus', lastName: 'Johnson', dateOfBirth: '1999-06-15', state: 'CA' };
const front = await material.licenceFront(person);
const back = await material.licenceBack(material.aamvaText(person));
const page = await material.passportPage({ ...person, number: 'X10000001' });
const [selfie, selfieTurned] = await material.selfieFrames('3.0');

const stages = {
  'ocr licence front': () => ocr.readText(front),
  'ocr passport MRZ band': () => ocr.readMrzBand(page),
  'pdf417 back': () => vision.pdf417(back),
  'faces licence front': () => vision.faces(front, 'document'),
  'faces selfie': () => vision.faces(selfie, 'selfie'),
  'whole licence check': () => checker.check({ documentType: 'drivers_license', front, back, selfie, selfieTurned }, expected),
  'whole passport check': () => checker.check({ documentType: 'passport', front: page, selfie, selfieTurned }, expected),
};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
console.log(`load average ${loadAverage()}; median of ${RUNS} runs`);
for (const [name, run] of Object.entries(stages)) {
  const walls = [],
    cpus = [];
  let out;
  for (let i = 0; i < RUNS; i += 1) {
    const c0 = cpu(),
      t0 = performance.now();
    out = await run();
    walls.push(performance.now() - t0);
    cpus.push(cpu() - c0);
  }
  const med = (a) => a.sort((x, y) => x - y)[a.length >> 1].toFixed(0);
  const shown =
    typeof out === 'string' ? JSON.stringify(out.slice(0, 60)) : Array.isArray(out) ? `${out.length} found` : out?.faces ? `${out.faces.length} faces` : JSON.stringify(out);
  console.log(`${name.padEnd(24)} wall ${med(walls).padStart(5)} ms  cpu ${med(cpus).padStart(5)} ms  ${shown}`);
}
console.log(`load average after ${loadAverage()}`);
await ocr.onApplicationShutdown();
await vision.onApplicationShutdown();
