// Face match benchmark: the false-accept and false-reject rates of the ID check's selfie match and
// liveness step, on the test set generated from the sample faces that ship inside the face model's
// package (backend/test/support/id-material.cjs). The rates are written in docs/identity-rules.md.
//
// How it runs: it needs the compiled backend (scripts/bench.mjs builds it). It uses the real
// VisionEngine (the worker thread and the model the worker runs) and the real rules
// (backend/dist/verification/vision/face-rules.js); no database, no Redis.
//
// The test set, for each of the 22 sample faces:
// - the document: a licence front rendered with that face as its portrait (read as the check reads it);
// - genuine selfies: two selfie framings of the same face (tight and wide, lighter and darker),
//   each two frames (the second a head turn) -> 44 genuine attempts;
// - impostors: every other face's first selfie against this document -> 22 x 21 = 462 attempts;
// - printed-ID selfies: the document itself held up to the camera, twice -> 22 liveness attacks.
// A genuine attempt is falsely rejected when the match refuses it; an impostor is falsely accepted
// when the match accepts it (distance under the threshold). The liveness step is measured apart:
// genuine head turns (the mirror frame of the faces that look sideways) and printed-ID selfies.
// Caveat: genuine pairs are the same photo reframed and mirrored, not two photos taken on
// different days, so the false-reject rate here is a lower bound.
import { createRequire } from 'node:module';
import { ROOT } from '../scripts/lib/services.mjs';
import { figure, startRecord } from './lib/results.mjs';

startRecord();

const require = createRequire(import.meta.url);
require('reflect-metadata');
const material = require(`${ROOT}/backend/test/support/id-material.cjs`);
const { VisionEngine } = require(`${ROOT}/backend/dist/verification/vision/vision-engine.js`);
const rules = require(`${ROOT}/backend/dist/verification/vision/face-rules.js`);
const sharp = require('sharp');

const PERSON = { firstName: 'Test', lastName: 'Person', dateOfBirth: '1999-06-15', stateName: 'CALIFORNIA', number: 'D1234567', expiry: '2031-06-15' };
const THRESHOLDS = [0.35, 0.4, 0.45, 0.5, 0.55, 0.6];

const vision = new VisionEngine();
await vision.warm();
const started = Date.now();

/** A selfie framing: wider or tighter, lighter or darker, then the head-turn frame. */
async function framing(id, variant) {
  const [frame, turned] = await material.selfieFrames(id);
  if (variant === 0) return [frame, turned];
  const alter = (b) =>
    sharp(b).resize({ width: 560 }).modulate({ brightness: 0.85 }).extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#333' }).jpeg({ quality: 80 }).toBuffer();
  return [await alter(frame), await alter(turned)];
}

const faces = {};
const missed = [];
for (const id of material.FACE_IDS) {
  const front = await vision.faces(await material.licenceFront({ ...PERSON, face: id }), 'document');
  const portrait = rules.portraitFace(front.faces, front.width);
  const selfies = [];
  for (const variant of [0, 1]) {
    const [a, b] = await framing(id, variant);
    selfies.push([(await vision.faces(a, 'selfie')).faces[0], (await vision.faces(b, 'selfie')).faces[0]]);
  }
  const printed = await material.photosOfDocument(await material.licenceFront({ ...PERSON, face: id }));
  const printedFaces = [(await vision.faces(printed[0], 'selfie')).faces[0], (await vision.faces(printed[1], 'selfie')).faces[0]];
  if (!portrait) missed.push(`${id}: no face found in its portrait`);
  faces[id] = { portrait, selfies, printedFaces };
}

const ids = material.FACE_IDS.filter((id) => faces[id].portrait);
const genuine = [];
const noSelfieFace = [];
const liveness = { genuineRefused: 0, genuine: 0, printedAccepted: 0, printed: 0 };
for (const id of ids) {
  for (const [a, b] of faces[id].selfies) {
    // No face in a selfie frame: refused before the match, a false reject at every threshold.
    genuine.push(a && b ? rules.selfieDistance(faces[id].portrait, [a, b]) : Infinity);
    if (!a || !b) noSelfieFace.push(id);
    // The mirror of a face that looks straight at the camera is no head turn: only sideways faces test the liveness step.
    if (!a || !b || Math.abs(rules.yawOf(a) - 0.5) < rules.LIVENESS_MIN_TURN / 2 + 0.02) continue;
    liveness.genuine += 1;
    if (rules.livenessOf(a, b) !== 'live') liveness.genuineRefused += 1;
  }
  const [p, q] = faces[id].printedFaces;
  liveness.printed += 1;
  if (p && q && rules.livenessOf(p, q) === 'live') liveness.printedAccepted += 1;
}
const impostor = [];
for (const id of ids) {
  for (const other of ids) {
    if (other === id) continue;
    const [a, b] = faces[other].selfies[0];
    if (a && b) impostor.push(rules.selfieDistance(faces[id].portrait, [a, b]));
  }
}

const pct = (n, d) => `${((100 * n) / d).toFixed(1)} %`;
console.log(`faces: ${ids.length} of ${material.FACE_IDS.length} with a portrait found${missed.length ? ` (${missed.join('; ')})` : ''}`);
console.log(`attempts: ${genuine.length} genuine, ${impostor.length} impostor, ${liveness.printed} printed-ID selfies`);
console.log('threshold  false accepts          false rejects');
for (const t of THRESHOLDS) {
  const fa = impostor.filter((d) => d < t).length;
  const fr = genuine.filter((d) => !(d < t)).length;
  const mark = t === rules.FACE_MATCH_THRESHOLD ? '  <- FACE_MATCH_THRESHOLD' : '';
  console.log(
    `${t.toFixed(2)}       ${String(fa).padStart(3)}/${impostor.length} ${pct(fa, impostor.length).padStart(7)}   ${String(fr).padStart(3)}/${genuine.length} ${pct(fr, genuine.length).padStart(7)}${mark}`,
  );
}
const sortedImpostor = [...impostor].sort((x, y) => x - y);
const finiteGenuine = genuine.filter(Number.isFinite).sort((x, y) => x - y);
console.log(`genuine selfies with no face found in a frame (a false reject at every threshold): ${noSelfieFace.length ? noSelfieFace.join(', ') : 'none'}`);
console.log(`closest impostor distance ${sortedImpostor[0].toFixed(3)}; farthest genuine distance ${finiteGenuine.at(-1).toFixed(3)}`);
console.log(`liveness: genuine head turns refused ${liveness.genuineRefused}/${liveness.genuine}; printed-ID selfies accepted ${liveness.printedAccepted}/${liveness.printed}`);
console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
await vision.onApplicationShutdown();
const far = impostor.filter((d) => d < rules.FACE_MATCH_THRESHOLD).length / impostor.length;
const atThreshold = `at ${rules.FACE_MATCH_THRESHOLD}`;
figure(`false accepts ${atThreshold}`, impostor.filter((d) => d < rules.FACE_MATCH_THRESHOLD).length, '', { op: '<=', value: 0 });
figure(`false rejects ${atThreshold}`, genuine.filter((d) => !(d < rules.FACE_MATCH_THRESHOLD)).length);
figure('printed-ID selfies accepted by the liveness step', liveness.printedAccepted, '', { op: '<=', value: 0 });
figure('genuine head turns refused by the liveness step', liveness.genuineRefused);
// The bench fails when the chosen threshold lets an impostor or a printed ID through on this set.
process.exit(far === 0 && liveness.printedAccepted === 0 ? 0 : 1);
