// `npm run lint`: the gate's static half (docs/architecture.md#the-gate): ESLint (with the
// import-boundary rule), the Prettier check, a typecheck of every tsconfig, and the docs-citation
// check. Runs them two at a time (ESLint alone takes about as long as all the rest), prints each
// one's output once it ends, and exits non-zero if any failed. `node scripts/lint.mjs typecheck`
// (or eslint, format, cite-docs) runs one group.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const tsc = (project) => ({ group: 'typecheck', name: `tsc -p ${project}`, cmd: bin('tsc'), args: ['-p', project, '--noEmit'] });

// Longest first, so the slow one starts at once. libs/shared's declarations are written before the
// backend's typecheck reads them (its package resolves to libs/shared/dist).
const TASKS = [
  { group: 'eslint', name: 'eslint', cmd: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  {
    group: 'typecheck',
    name: 'tsc -p libs/shared, then backend',
    chain: [
      { cmd: bin('tsc'), args: ['-p', 'libs/shared'] },
      { cmd: bin('tsc'), args: ['-p', 'backend', '--noEmit'] },
    ],
  },
  tsc('frontend'),
  {
    group: 'format',
    name: 'prettier --check',
    cmd: bin('prettier'),
    args: ['--check', '--log-level', 'warn', '--ignore-path', '.prettierignore', '.'],
  },
  tsc('libs/shared/tsconfig.spec.json'),
  tsc('e2e'),
  tsc('bench'),
  tsc('scripts'),
  { group: 'eslint', name: 'the import-boundary rule', cmd: process.execPath, args: ['--test', '--test-reporter=dot', 'scripts/lint/import-boundaries.test.mjs'] },
  { group: 'cite-docs', name: 'cite-docs --check', cmd: process.execPath, args: ['scripts/cite-docs.mjs', '--check'] },
  // bench/README.md's table is generated from bench/results/; a stale table fails like a broken citation.
  { group: 'cite-docs', name: 'bench table --check', cmd: process.execPath, args: ['bench/lib/results-table.mjs', '--check'] },
  { group: 'cite-docs', name: 'bench table tests', cmd: process.execPath, args: ['--test', '--test-reporter=dot', 'bench/lib/'] },
];

const only = process.argv.slice(2);
const tasks = TASKS.filter((t) => only.length === 0 || only.includes(t.group));
if (tasks.length === 0) {
  console.error(`Nothing to run: groups are ${[...new Set(TASKS.map((t) => t.group))].join(', ')}.`);
  process.exit(2);
}

/** Runs one command with its output captured, so parallel tasks do not interleave (in colour only on a terminal). */
function capture(cmd, args) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }) } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', (err) => done({ code: 1, out: `${out}${err.message}\n` }));
    child.once('exit', (code) => done({ code: code ?? 1, out }));
  });
}

async function runTask(task) {
  const started = Date.now();
  let code = 0;
  let out = '';
  for (const step of task.chain ?? [task]) {
    const r = await capture(step.cmd, step.args);
    out += r.out;
    code = r.code;
    if (code !== 0) break;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`${code === 0 ? 'ok  ' : 'FAIL'}  ${task.name}  (${seconds}s)`);
  if (out.trim()) console.log(out.replace(/^/gm, '      ').trimEnd());
  return code;
}

const lanes = Math.max(1, Math.min(Number(process.env.LINT_JOBS) || 2, availableParallelism()));
const queue = [...tasks];
const started = Date.now();
let failed = 0;
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let task = queue.shift(); task; task = queue.shift()) if ((await runTask(task)) !== 0) failed += 1;
  }),
);
console.log(`lint: ${tasks.length - failed} of ${tasks.length} checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
process.exit(failed > 0 ? 1 : 0);
