// `npm test`: builds everything, runs the lint gate (scripts/lint.mjs: ESLint, the format check, a
// typecheck of every tsconfig, docs citations; docs/architecture.md#the-gate), then runs unit (jest; Vitest for the frontend's components), integration (jest against real PostgreSQL
// and Redis) and end-to-end (Playwright in Debian's Chromium) tests, prints one summary and exits
// non-zero if anything failed. PostgreSQL and Redis are found or started as for `npm start`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { DATA_DIR, ROOT, dropDatabase, resolveServices } from './lib/services.mjs';

const only = process.argv.slice(2); // e.g. `npm test -- unit integration`
const wanted = (name) => only.length === 0 || only.includes(name);
const reports = join(DATA_DIR, 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function exec(cmd, args, env = process.env) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('exit', (code) => done(code ?? 1));
  });
}

const relative = (file) => file.replace(`${ROOT}/`, '');
// The first lines of a failure's message, so the summary says why as well as which.
const why = (message) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 4)
    .map((line) => line.slice(0, 200));

// Each count also names what failed, so the summary (often all a CI log keeps) says which test to look at.
function jestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failures = r.testResults.flatMap((suite) => {
    const tests = suite.assertionResults.filter((t) => t.status === 'failed').map((t) => ({ name: `${relative(suite.name)} › ${t.fullName}`, why: why(t.failureMessages?.[0]) }));
    return tests.length === 0 && suite.status === 'failed' ? [{ name: `${relative(suite.name)} (did not run)`, why: why(suite.message) }] : tests;
  });
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), skipped: r.numPendingTests + r.numTodoTests, failures };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const { config, stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  // A spec's file is relative to the test directory; named from the repository's root like the others.
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error;
      const at = error?.location ? [`at ${relative(error.location.file)}:${error.location.line}`] : [];
      failures.push({ name: `${relative(join(config.rootDir, spec.file))}:${spec.line} › ${[...path, spec.title].join(' › ')}`, why: [...at, ...why(error?.message)] });
    }
    for (const inner of suite.suites ?? []) walk(inner, [...path, inner.title]);
  };
  for (const suite of suites ?? []) walk(suite, []);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, failures };
}

const results = [];
async function step(name, cmd, args, countsOf, env) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await exec(cmd, args, env);
  const counts = countsOf?.() ?? null;
  results.push({ name, code, counts, seconds: Math.round((Date.now() - started) / 1000) });
  return code;
}

if ((await step('build', 'npm', ['run', 'build', '--silent'])) !== 0) {
  console.error('\nBuild failed; no tests were run.');
  process.exit(1);
}

// The gate runs before every layer, also when only some are asked for; a failure fails the run at
// the end, after the tests have said what else is wrong.
await step('lint', process.execPath, ['scripts/lint.mjs']);

// Vitest's JSON report has the same counters as jest's; the default reporter still prints progress.
const vitest = (workspace, out) => ['exec', '-w', workspace, '--', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
const jest = (workspace, config, out) => ['exec', '-w', workspace, '--', 'jest', ...(config ? ['--config', config] : []), '--json', `--outputFile=${out}`];
if (wanted('unit')) {
  const shared = join(reports, 'unit-shared.json');
  const backend = join(reports, 'unit-backend.json');
  await step('unit: shared', 'npm', jest('@gotnext/shared', null, shared), () => jestCounts(shared));
  await step('unit: backend', 'npm', jest('@gotnext/backend', 'jest.unit.config.js', backend), () => jestCounts(backend));
  const frontend = join(reports, 'unit-frontend.json');
  await step('unit: frontend', 'npm', vitest('@gotnext/frontend', frontend), () => jestCounts(frontend));
}

// Each test file and the e2e server create and drop databases of their own; this one only lets
// services.mjs resolve the server, and goes again at the end.
const ADMIN_DATABASE = 'gotnext_test_admin';
let services;
if (wanted('integration') || wanted('e2e')) {
  services = await resolveServices({ database: ADMIN_DATABASE });
}
const serviceEnv = services && {
  ...process.env,
  TEST_PG_ADMIN_URL: services.adminUrl ?? services.databaseUrl,
  PG_ADMIN_URL: services.adminUrl ?? services.databaseUrl,
  TEST_REDIS_URL: services.redisUrl,
  REDIS_URL: services.redisUrl,
};

if (wanted('integration')) {
  const out = join(reports, 'integration.json');
  await step('integration', 'npm', jest('@gotnext/backend', 'jest.int.config.js', out), () => jestCounts(out), serviceEnv);
}
if (wanted('e2e')) {
  const out = join(reports, 'e2e.json');
  await step('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], () => playwrightCounts(out), { ...serviceEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: out });
}
if (services?.adminUrl) await dropDatabase(services.adminUrl, ADMIN_DATABASE).catch((err) => console.error(`Could not drop ${ADMIN_DATABASE}: ${err.message}`));
await services?.stop();

console.log('\n=== Summary ===');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  const c = r.counts;
  if (c) {
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  }
  const bad = r.code !== 0 || (c && c.failed > 0);
  if (bad && (!c || c.failed === 0)) failed += 1; // a step that failed without a failing test (crash, no report)
  console.log(`${bad ? 'FAIL' : 'ok  '}  ${r.name.padEnd(16)} ${c ? `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped` : ''}  (${r.seconds}s)`);
  for (const f of c?.failures ?? []) {
    console.log(`        ✗ ${f.name}`);
    for (const line of f.why) console.log(`            ${line}`);
  }
}
if (passed === 0 && ['unit', 'integration', 'e2e'].some(wanted)) failed += 1; // a run that tested nothing is not a green run (`npm test -- lint` runs no test)
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
