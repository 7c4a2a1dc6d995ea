// `npm run bench`: builds the shared library, the backend and the frontend, then runs every bench/*.bench.mjs
// one after another (they measure, so they must not compete for the CPU) and prints their figures;
// each bench also writes them to bench/results/<bench>-<date>.json (bench/lib/results.mjs).
// Exits non-zero if a bench fails (for the lobby bench: an event lost or a change refused).
// BENCH_SKIP_BUILD=1 uses the build already in place. Names on the command line run only those
// benches (`npm run bench -- chat reads` runs chat.bench.mjs and reads.bench.mjs).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/services.mjs';
import { machineLine } from '../bench/lib/machine.mjs';

function exec(cmd, args) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('exit', (code) => done(code ?? 1));
  });
}

if (!process.env.BENCH_SKIP_BUILD) {
  // The frontend too: the phone bench measures the built SPA (bench/phone.bench.mjs).
  for (const ws of ['@gotnext/shared', '@gotnext/backend', '@gotnext/frontend']) {
    if ((await exec('npm', ['run', 'build', '--silent', '-w', ws])) !== 0) {
      console.error(`bench: build of ${ws} failed`);
      process.exit(1);
    }
  }
}

const all = readdirSync(join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort();
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !all.includes(`${name}.bench.mjs`));
if (unknown.length) {
  console.error(`bench: no bench named ${unknown.join(', ')} (there are: ${all.map((f) => f.replace('.bench.mjs', '')).join(', ')})`);
  process.exit(1);
}
const benches = asked.length ? all.filter((f) => asked.includes(f.replace('.bench.mjs', ''))) : all;
console.log(machineLine());
let failed = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file} ===`);
  const started = Date.now();
  const code = await exec('node', [join('bench', file)]);
  console.log(`=== bench/${file}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (code !== 0) failed += 1;
}
console.log('\nbench: figures written to bench/results/; to show them in bench/README.md: node bench/lib/results-table.mjs --write');
process.exit(failed ? 1 : 0);
