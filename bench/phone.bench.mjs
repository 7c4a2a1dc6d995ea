// The phone bench (docs/architecture.md#phone-app): what a phone on a slow network waits for.
// Starts a real API serving the built SPA (frontend/dist), then in Chromium (390×844, touch):
//   1. the first route's JavaScript: every script home loads, at its gzip size as served;
//   2. first contentful paint of home on the slow 4G and the slow 3G profiles, CPU ×4;
//   3. home usable on slow 3G, CPU ×4: a tap on each of home's two buttons answered, its page drawn;
//   4. the lobby's match code visible on slow 4G, CPU ×4, for a logged-in player;
//   5. report → result: two phones in a started 1v1, the first has reported; from the second
//      phone's report leaving until the first phone shows the result (CPU ×4; on a fast network,
//      where the figure is the app's and the server's own time, and on slow 4G).
// BENCH_PHONE_PARTS=js,fcp,usable,lobby,result picks parts.
// Each figure is the median of BENCH_RUNS (default 3) runs (paints: cold loads). Prints figure, target and
// MET/MISSED, and the machine's load average.
import { createRequire } from 'node:module';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { benchStack, cleanUp, exec, freePort, startApi, startWorker, stopProcesses, waitReady } from './support.mjs';
import { ROOT } from '../scripts/lib/services.mjs';
import { cpuLabel, loadAverage } from './lib/machine.mjs';
import { figure, startRecord } from './lib/results.mjs';

startRecord();

const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');
const { Client } = require('pg');

const RUNS = Number(process.env.BENCH_RUNS || 3);
const DIST = join(ROOT, 'frontend/dist');
// Chromium DevTools' presets (bytes per second, ms).
const PROFILES = {
  'slow 4G': { latency: 562.5, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 },
  'slow 3G': { latency: 2000, downloadThroughput: ((500 * 1000) / 8) * 0.8, uploadThroughput: ((500 * 1000) / 8) * 0.8 },
};
const CPU_SLOWDOWN = 4;
const TARGETS = { firstRouteJsKb: 120, fcpSlow4g: 1000, fcpSlow3g: 3000, homeUsableSlow3g: 5000, lobbySlow4g: 2000, reportToResult: 1000 };
// BENCH_PHONE_PARTS=usable,lobby runs only those parts (default: all).
const PARTS = new Set((process.env.BENCH_PHONE_PARTS || 'js,fcp,usable,lobby,result').split(','));

// BENCH_WATERFALL=1: after each lobby load, every request the page made (start → end, ms from the
// navigation), to see which one waits on which.
const WATERFALL = process.env.BENCH_WATERFALL === '1';
async function printWaterfall(page, title, visibleAt) {
  const entries = await page.evaluate(() =>
    /** @type {Array<PerformanceEntry & Partial<PerformanceResourceTiming>>} */ ([
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
      ...performance.getEntriesByType('paint'),
    ]).map((e) => ({ name: e.name, type: e.initiatorType ?? e.entryType, start: e.startTime, end: e.responseEnd ?? e.startTime, bytes: e.encodedBodySize ?? 0 })),
  );
  console.log(`  ${title}: done at ${Math.round(visibleAt)} ms`);
  for (const e of entries.sort((a, b) => a.start - b.start)) {
    const name = e.name.startsWith('http') ? new URL(e.name).pathname + new URL(e.name).search : e.name;
    console.log(
      `    ${String(Math.round(e.start)).padStart(6)} → ${String(Math.round(e.end)).padStart(6)}  ${e.type.padEnd(16)} ${String(Math.round(e.bytes / 1024)).padStart(4)} KB  ${name.slice(0, 80)}`,
    );
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (name, value, unit, target, runs) =>
  console.log(
    `${name.padEnd(44)} ${String(Math.round(value)).padStart(6)} ${unit.padEnd(3)} target ≤ ${target} ${unit}  ${figure(name, Math.round(value), unit, { op: '<=', value: target })}${runs ? `  (runs: ${runs.map((r) => Math.round(r)).join(', ')})` : ''}`,
  );

if (!existsSync(join(DIST, 'index.html'))) await exec('npm', ['run', 'build', '--silent', '-w', '@gotnext/frontend'], process.env);

const { database, services, env } = await benchStack('phonebench');
env.STATIC_DIR = DIST;
await exec('node', ['backend/dist/database/migrate.js'], env);
const port = await freePort();
const api = startApi({ ...env, PUBLIC_URL: `http://127.0.0.1:${port}` }, port);
// The worker too, as `npm start` runs it: a completed match's after-commit work is its jobs.
const worker = startWorker({ ...env, PUBLIC_URL: `http://127.0.0.1:${port}` });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
/** @type {import('@playwright/test').BrowserContextOptions} */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3, serviceWorkers: 'block' };

/**
 * @param {string | null} profile
 * @param {{ fn: (arg: any) => void, arg: unknown } | undefined} [init]
 * @param {{ serviceWorkers?: 'allow' | 'block', cache?: boolean }} [options]
 */
async function throttled(profile, init, options = {}) {
  const { serviceWorkers = 'block', cache = false } = options;
  const context = await browser.newContext({ ...phone, serviceWorkers });
  if (init) await context.addInitScript(init.fn, init.arg);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // A new context's cache is empty already; `cache` keeps it working within the load (prefetches).
  if (!cache) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile && profile !== 'fast') await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILES[profile] });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/**
 * Home usable on slow 3G, CPU ×4: from the navigation's start until a tap on each of home's two
 * buttons is answered (the address and the page's title on screen), and until that page is drawn
 * by its own component. A first visit as a phone makes it: empty cache, the service worker allowed
 * to install. Each button gets its own cold load, tapped the moment it shows; a run's figure is
 * the later of the two buttons, as a player may want either.
 */
async function homeUsable() {
  const buttons = [
    { name: 'Create a Match', heading: 'Create Match' },
    { name: 'Join a Match', heading: 'Join Match' },
  ];
  const [answered, drawn, answeredRuns, drawnRuns] = [[], [], [], []];
  for (let i = 0; i < RUNS; i++) {
    for (const button of buttons) {
      const { context, page } = await throttled('slow 3G', undefined, { serviceWorkers: 'allow', cache: true });
      const workerFiles = [];
      const t0 = Date.now();
      if (WATERFALL) context.on('requestfinished', (r) => r.serviceWorker() && workerFiles.push(Date.now() - t0));
      await page.goto(`${api.url}/`, { waitUntil: 'commit' });
      // Home's top, whether the HTML's copy or React's: the player cannot tell them apart.
      const link = page.locator('#root .hero').getByRole('link', { name: button.name, exact: true });
      await link.waitFor({ timeout: 60_000 });
      const shownAt = await page.evaluate(() => performance.now());
      await link.tap({ timeout: 60_000 });
      // Answered: the address is the page's and its title is on screen (a skeleton below it may
      // still be loading). Drawn: the page's own component shows it (in <main>, which only the app has).
      const when = (selector) =>
        page
          .waitForFunction(
            ({ selector, heading }) =>
              location.pathname !== '/' && Array.from(document.querySelectorAll(selector)).some((h) => h.textContent === heading) ? performance.now() : 0,
            { selector, heading: button.heading },
            { polling: 'raf', timeout: 60_000 },
          )
          .then((at) => at.jsonValue());
      const [answeredAt, drawnAt] = await Promise.all([when('#root h1'), when('main h1')]);
      answered.push(answeredAt);
      drawn.push(drawnAt);
      console.log(
        `  run ${i + 1}: ${button.name.padEnd(15)} shown ${String(Math.round(shownAt)).padStart(6)} ms, tap answered ${String(Math.round(answeredAt)).padStart(6)} ms, its page drawn ${String(Math.round(drawnAt)).padStart(6)} ms`,
      );
      if (WATERFALL) {
        await printWaterfall(page, `home → ${button.name}, run ${i + 1}`, drawnAt);
        console.log(`    service worker: ${workerFiles.length} files fetched, the last at ${Math.max(0, ...workerFiles)} ms`);
      }
      await context.close();
    }
    answeredRuns.push(Math.max(...answered.slice(-2)));
    drawnRuns.push(Math.max(...drawn.slice(-2)));
  }
  line(`home usable: both buttons answer a tap, slow 3G, CPU ×${CPU_SLOWDOWN}`, median(answeredRuns), 'ms', TARGETS.homeUsableSlow3g, answeredRuns);
  line(`home usable: both tapped pages drawn, slow 3G, CPU ×${CPU_SLOWDOWN}`, median(drawnRuns), 'ms', TARGETS.homeUsableSlow3g, drawnRuns);
}

/** A verified player, signed up through the API (the ID check is not what this bench measures). */
async function verifiedPlayer() {
  const username = `bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const signup = await fetch(`${api.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Phone',
      phoneNumber: '+15557654321',
      email: `${username}@example.com`,
      username,
      password: 'hoops123',
      dateOfBirth: '1999-06-15',
      height: null,
      weight: null,
      bio: 'Runs the weekend run.',
      state: 'NY',
    }),
  });
  const signed = await signup.json();
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signed)}`);
  const userId = signed.user_id;
  const db = new Client({ connectionString: services.databaseUrl });
  db.on('error', () => {});
  await db.connect();
  await db.query('UPDATE users SET email_verified = true, id_verified = true WHERE id = $1', [userId]);
  await db.end();
  const login = await (
    await fetch(`${api.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: username, password: 'hoops123' }) })
  ).json();
  if (!login.token) throw new Error(`login failed: ${JSON.stringify(login)} (signup ${signup.status})`);
  return { token: login.token, userId, username };
}

/** The init script that stores a session, as logging in does. */
const loggedIn = (token, userId) => ({
  fn: ({ token, userId }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user_id', String(userId));
  },
  arg: { token, userId },
});

async function apiCall(path, token, body) {
  const res = await fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Report → result: a started 1v1 whose first player has reported 5–3 and waits in the lobby on one
 * phone; the second player submits 3–5 on the report page of another phone. The figure runs from
 * that request's start on the second phone to the result on the first phone's screen, both read
 * from the pages' own clocks (performance.timeOrigin, the same wall clock on one machine).
 */
async function reportToResult(profile) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const [a, b] = [await verifiedPlayer(), await verifiedPlayer()];
    const created = await apiCall('/api/create-match-1v1', a.token, { ranked: false, scoringType: '1s & 2s to 5' });
    await apiCall('/api/join-match-1v1', b.token, { match_code: created.match_code });
    await apiCall(`/api/start-match/${created.match_id}`, a.token, {});
    await apiCall('/api/report-score-1v1', a.token, { match_id: created.match_id, user_score: 5, opponent_score: 3 });
    const first = await throttled(profile, loggedIn(a.token, a.userId));
    const second = await throttled(profile, loggedIn(b.token, b.userId));
    try {
      await first.page.goto(`${api.url}/pregame/${created.match_id}?matchType=1v1`);
      await first.page.getByTestId('lobby-status').filter({ hasText: 'You reported 5–3' }).waitFor({ timeout: 60_000 });
      await first.page.waitForFunction(() => /** @type {{ __gotnextSocketConnected?: boolean }} */ (/** @type {unknown} */ (window)).__gotnextSocketConnected === true, null, {
        timeout: 60_000,
      });
      await second.page.goto(`${api.url}/report-score/${created.match_id}?matchType=1v1`);
      await second.page.getByLabel('Your Score', { exact: true }).fill('3');
      await second.page.getByLabel("Opponent's Score").fill('5');
      await second.page.getByRole('button', { name: 'Submit Score' }).tap();
      const shown = first.page.waitForFunction(
        (text) => (document.querySelector('[data-testid="result-summary"]')?.textContent === text ? performance.timeOrigin + performance.now() : 0),
        `You won 5–3 vs ${b.username}`,
        { polling: 'raf', timeout: 60_000 },
      );
      // When the page sent it, by the wall clock the first page's time is on: the browser's own
      // timing of the request, else when Playwright heard of it (a request the service worker
      // passes on has no timing). The page's resource timings are gone once the report page moved on.
      let heardAt = 0;
      const sent = second.page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/report-score-1v1' && ((heardAt = Date.now()), true), {
        timeout: 60_000,
      });
      await second.page.getByRole('button', { name: 'Submit', exact: true }).tap();
      const shownAt = await (await shown).jsonValue();
      const started = (await sent).timing().startTime;
      runs.push(shownAt - (started > 0 ? started : heardAt));
    } finally {
      await first.context.close();
      await second.context.close();
    }
  }
  const network = profile === 'fast' ? 'no network throttling' : profile;
  line(`second report -> result on the first phone, ${network}, CPU ×${CPU_SLOWDOWN}`, median(runs), 'ms', TARGETS.reportToResult, runs);
}

try {
  await waitReady(api.url);
  console.log(`machine: ${cpuLabel()}, load average ${loadAverage()} at the start`);

  // 1. First route JS: every script home loads, counted at the size of its .gz as served.
  if (PARTS.has('js')) {
    const { context, page } = await throttled(null);
    const scripts = new Set();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
    });
    await page.goto(`${api.url}/`, { waitUntil: 'networkidle' });
    let gz = 0;
    const each = [];
    for (const path of scripts) {
      const file = join(DIST, path);
      const size = existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
      each.push(`${path.replace('/assets/', '')} ${(size / 1024).toFixed(1)}`);
      gz += size;
    }
    console.log(`first route: ${scripts.size} script files (KB gzip: ${each.join(', ')})`);
    line('first route JS (home, gzip)', gz / 1024, 'KB', TARGETS.firstRouteJsKb);
    await context.close();
  }

  // 2. First contentful paint of home.
  for (const [profile, target] of !PARTS.has('fcp')
    ? []
    : [
        ['slow 4G', TARGETS.fcpSlow4g],
        ['slow 3G', TARGETS.fcpSlow3g],
      ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { context, page } = await throttled(String(profile));
      await page.goto(`${api.url}/`, { waitUntil: 'commit' });
      const fcp = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, null, { timeout: 60_000 });
      runs.push(await fcp.jsonValue());
      await context.close();
    }
    line(`home first contentful paint, ${profile}, CPU ×${CPU_SLOWDOWN}`, median(runs), 'ms', target, runs);
  }

  // 3. Home usable: a visitor's first visit, each of home's two buttons tapped as soon as it shows.
  if (PARTS.has('usable')) await homeUsable();

  // 4. The lobby's code on screen, for a verified player who just created the match.
  if (PARTS.has('lobby')) {
    const { token, userId } = await verifiedPlayer();
    const created = await (
      await fetch(`${api.url}/api/create-match-1v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ranked: false, scoringType: '1s & 2s to 21' }),
      })
    ).json();
    if (!created.match_code) throw new Error(`create match failed: ${JSON.stringify(created)}`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { context, page } = await throttled('slow 4G', loggedIn(token, userId));
      await page.goto(`${api.url}/pregame/${created.match_id}?matchType=1v1`, { waitUntil: 'commit' });
      const at = await page.waitForFunction((code) => (document.body?.innerText.includes(code) ? performance.now() : 0), created.match_code, { polling: 'raf', timeout: 60_000 });
      runs.push(await at.jsonValue());
      if (WATERFALL) {
        // React's own lobby (its code element), after the boot script's skeleton.
        await page.waitForSelector('.match-code', { timeout: 60_000 });
        await printWaterfall(page, `lobby run ${i + 1}`, await at.jsonValue());
        console.log(`    React's lobby on screen at ${Math.round(await page.evaluate(() => performance.now()))} ms (or earlier)`);
      }
      await context.close();
    }
    line(`lobby code visible, slow 4G, CPU ×${CPU_SLOWDOWN}`, median(runs), 'ms', TARGETS.lobbySlow4g, runs);
  }
  // 5. Report → result on the other phone.
  if (PARTS.has('result')) for (const profile of ['fast', 'slow 4G']) await reportToResult(profile);

  console.log(`machine: load average ${loadAverage()} at the end`);
} finally {
  await browser.close();
  await stopProcesses([api, worker]);
  await cleanUp(services, database, database);
}
