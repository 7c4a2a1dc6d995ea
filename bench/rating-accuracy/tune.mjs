// Tunes the engine's knobs (RATING_PARAMS) on the training seed by coordinate search, minimising
// the mean log-loss over the scenarios: `node bench/rating-accuracy/tune.mjs [scenario…]`. Not part
// of the bench run; the bench reports on another seed (TRAIN_SEED vs REPORT_SEED, bench file).
import { createRequire } from 'node:module';
import { simulate, SCENARIOS } from './simulate.mjs';
import { score } from './metrics.mjs';
import { engineMethod } from './methods.mjs';

const require = createRequire(import.meta.url);
const { engineWith, RATING_PARAMS } = require('@gotnext/shared');
export const TRAIN_SEED = 1001;

const scenarios = process.argv.slice(2).length ? process.argv.slice(2) : SCENARIOS;
const worlds = scenarios.map((scenario) => simulate({ seed: TRAIN_SEED, scenario }));
const loss = (params) => worlds.reduce((s, w) => s + score(w, engineMethod(engineWith(params)), { details: false }).logLoss, 0) / worlds.length;

/** @type {any} */
let best = structuredClone(RATING_PARAMS);
best.teamSizeScale = [...best.teamSizeScale];
let bestLoss = loss(best);
console.log('start', bestLoss.toFixed(5));
const knobs = ['pointSlope', 'modelNoise', 'basketNoise', 'initialSigma', 'minSigma', 'driftPerGame', 'lengthWeight', 'uncertaintyPull', 1, 2, 3, 4];
let step = 0.25;
for (let round = 0; round < 3; round += 1) {
  for (const k of knobs) {
    for (const dir of [1 + step, 1 / (1 + step)]) {
      for (;;) {
        /** @type {any} */
        const p = structuredClone(best);
        if (typeof k === 'number') p.teamSizeScale[k] *= dir;
        else p[k] *= dir;
        const l = loss(p);
        if (l < bestLoss - 1e-6) {
          best = p;
          bestLoss = l;
          console.log(round, k, JSON.stringify(best), bestLoss.toFixed(5));
        } else break;
      }
    }
  }
  step /= 2;
}
console.log('best', JSON.stringify(best), bestLoss.toFixed(5));
