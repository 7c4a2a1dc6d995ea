// Leaderboard benchmark: the board calls at a million ranked players, through two API instances.
//
// How it runs: it needs the compiled backend (scripts/bench.mjs builds it first; or run
// `npm run build` yourself and then `node bench/leaderboard.bench.mjs`). It creates a throw-away
// database and Redis prefix and migrates, then seeds BENCH_PLAYERS (default 1,000,000) verified,
// ranked players spread over the 50 US states, 'N/A' and the other countries in two
// INSERT … SELECT generate_series statements (no row-at-a-time inserts; ratings rounded to 0.01 so
// there are ties to order). The real worker then starts and rebuilds the Redis boards from
// PostgreSQL (its boot path when Redis lacks them), and two real API processes start.
//
// Each call is driven for BENCH_SECONDS (default 20) with autocannon, BENCH_CONNECTIONS (default
// 10) connections on each instance at once, after a 3 s warm-up: the plain GET /api/health first
// (the ceiling of this machine and run), then the world, a country, a state, and a player's rank
// (the world board asked with the bearer token of one of 200 ranked players spread over the
// board, so the reply carries their own row: session check, their blocks, ZREVRANK). Then, while
// the world board is being read, ranked matches are played over HTTP and the time from the last
// score report to the new record on the world board of both instances is measured (the path a
// rating takes: the worker's rating job, the Redis sets, the published change, the page caches).
//
// Targets (docs/leaderboards.md#speed): each board call at least 50 % of the health ceiling's
// req/s, p99 at most 10 ms; a rating change visible within 1 s. Printed with MET or MISSED.
// The figures are only meaningful on an otherwise idle machine: autocannon, both APIs, the worker,
// PostgreSQL and Redis share the CPU; the CPU time per request of the APIs and PostgreSQL is printed
// beside them, which the machine's other load changes much less. BENCH_API_NODE_ARGS passes node
// flags to the APIs; BENCH_CALLS=world,rank,change (say) runs only those parts.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { benchStack, cleanUp, exec, fmt, freePort, percentile, startApi, startWorker, stopProcesses, tokensFor, waitReady } from './support.mjs';
import { figure, startRecord } from './lib/results.mjs';
import { cpuLabel, loadAverage } from './lib/machine.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const autocannon = require('autocannon');
const { createClient } = require('redis');
const { COUNTRIES, US, US_STATE_CODES } = require('@gotnext/shared');

const PLAYERS = Number(process.env.BENCH_PLAYERS || 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const WARMUP_SECONDS = 3;
const VIEWERS = 200;
const CHANGES = 5;
const TARGET_SHARE = 0.5;
const TARGET_P99_MS = 10;
const TARGET_VISIBLE_MS = 1000;

async function seed(db) {
  const started = Date.now();
  const others = COUNTRIES.filter((c) => c !== US);
  // 60 % in a US state, 5 % 'N/A' (the US board only), 35 % in another country.
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, date_of_birth, state, bio, password_hash, email_verified, id_verified)
     SELECT 'p' || i, 'p' || i || '@bench.test', 'Bench', 'Player', '+15550000000', '1995-01-01',
            CASE WHEN i % 100 < 60 THEN ($2::text[])[1 + (i * 37) % 50]
                 WHEN i % 100 < 65 THEN 'N/A'
                 ELSE ($3::text[])[1 + (i * 13) % $4::int] END,
            'bench', 'x', true, true
       FROM generate_series(1, $1::int) i`,
    [PLAYERS, US_STATE_CODES, others, others.length],
  );
  await db.query(`SELECT setseed(0.42)`);
  await db.query(
    `INSERT INTO ratings (pool, user_id, rating, games, wins, losses)
     SELECT 'overall', id, round((1500 + (random() - 0.5) * 800)::numeric, 2)::float8, g, w, g - w
       FROM (SELECT id, g, floor(random() * (g + 1))::int AS w FROM (SELECT id, 1 + floor(random() * 300)::int AS g FROM users) s) t`,
  );
  await db.query(`ANALYZE users; ANALYZE ratings`);
  return Date.now() - started;
}

/** CPU time (ms) a process has used so far, from /proc (Linux); null when it is gone (or not Linux). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 100 Hz ticks
  } catch {
    return null;
  }
}

/** CPU time used between two readings by processes alive at the end (a process born meanwhile counts from 0). */
function cpuBetween(before, pidsAfter) {
  let total = 0;
  for (const pid of pidsAfter) {
    const now = cpuMs(pid);
    if (now !== null) total += now - (before.get(pid) ?? 0);
  }
  return total;
}

/**
 * Drives one call on both instances at once for `seconds`; every response time is kept for exact
 * percentiles. `cpuOf` names the processes whose CPU time per request is reported: a figure the
 * machine's other load does not change much, unlike req/s.
 */
async function drive(urls, path, seconds, tokens, cpuOf = async () => ({})) {
  const times = [];
  let errors = 0;
  let next = 0;
  const run = (url) =>
    new Promise((done, fail) => {
      const requests = tokens
        ? [{ method: 'GET', path, setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } }) }]
        : [{ method: 'GET', path }];
      const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, requests }, (err, result) => (err ? fail(err) : done(result)));
      instance.on('response', (_client, status, _bytes, ms) => {
        if (status !== 200) errors += 1;
        times.push(ms);
      });
    });
  const before = new Map(
    Object.values(await cpuOf())
      .flat()
      .map((pid) => [pid, cpuMs(pid) ?? 0]),
  );
  const started = Date.now();
  await Promise.all(urls.map(run));
  const elapsed = (Date.now() - started) / 1000;
  const after = await cpuOf();
  const cpu = Object.fromEntries(Object.entries(after).map(([name, pids]) => [name, cpuBetween(before, pids) / Math.max(1, times.length)]));
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), errors, samples: times.length, cpu };
}

/** Plays ranked 1v1s between two players at the top of the world board; time from the last report to the new record on both instances. */
async function changeVisibility(db, secret, urls) {
  const { rows } = await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, date_of_birth, state, bio, password_hash, email_verified, id_verified)
     VALUES ('change_a', 'change_a@bench.test', 'Bench', 'A', '+15550000000', '1995-01-01', 'CA', 'bench', 'x', true, true),
            ('change_b', 'change_b@bench.test', 'Bench', 'B', '+15550000000', '1995-01-01', 'CA', 'bench', 'x', true, true)
     RETURNING id`,
  );
  const [a, b] = rows.map((r) => r.id);
  await db.query(`INSERT INTO ratings (pool, user_id, rating, games, wins, losses) VALUES ('overall', $1, 1950, 40, 30, 10), ('overall', $2, 1949, 40, 30, 10)`, [a, b]);
  const [ta, tb] = await tokensFor(db, secret, [a, b]);
  const post = async (url, token, path, body) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const recordOn = async (url, userId) => {
    const board = await (await fetch(`${url}/api/leaderboards/National`)).json();
    return board.players.find((p) => p.user_id === userId)?.record;
  };
  const visible = [];
  for (let k = 0; k < CHANGES; k += 1) {
    const [winner, _loser, wt, lt] = k % 2 ? [b, a, tb, ta] : [a, b, ta, tb];
    const {
      rows: [before],
    } = await db.query(`SELECT wins, losses FROM ratings WHERE user_id = $1`, [winner]);
    const expected = `${before.wins + 1}-${before.losses}`;
    const created = await post(urls[0], wt, '/api/create-match-1v1', { ranked: true, scoringType: '1s & 2s to 11' });
    await post(urls[1], lt, '/api/join-match-1v1', { match_code: created.match_code });
    await post(urls[0], wt, `/api/start-match/${created.match_id}`, {});
    await post(urls[0], wt, '/api/report-score-1v1', { match_id: created.match_id, user_score: 11, opponent_score: 7 });
    await post(urls[1], lt, '/api/report-score-1v1', { match_id: created.match_id, user_score: 7, opponent_score: 11 });
    const reported = Date.now();
    const seen = await Promise.all(
      urls.map(async (url) => {
        while (Date.now() - reported < 10_000) {
          if ((await recordOn(url, winner)) === expected) return Date.now() - reported;
          await new Promise((r) => setTimeout(r, 5));
        }
        return Infinity;
      }),
    );
    visible.push(Math.max(...seen));
  }
  return visible.sort((x, y) => x - y);
}

async function main() {
  const { database, services, env } = await benchStack('gotnext_lbbench');
  const processes = [];
  const db = new Client({ connectionString: services.databaseUrl });
  try {
    await exec('node', ['backend/dist/database/migrate.js'], env);
    await db.connect();
    console.log(`leaderboard bench: seeding ${fmt(PLAYERS)} ranked players...`);
    const seedMs = await seed(db);

    const rebuildStarted = Date.now();
    processes.push(startWorker(env));
    const redis = createClient({ url: services.redisUrl });
    await redis.connect();
    while ((await redis.get(`${database}:leaderboard:format`)) === null) {
      if (Date.now() - rebuildStarted > 600_000) throw new Error('the worker did not rebuild the boards in 10 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
    const rebuildMs = Date.now() - rebuildStarted;
    const worldSize = await redis.zCard(`${database}:leaderboard:world`);
    await redis.quit();

    const apis = [startApi(env, await freePort()), startApi(env, await freePort())];
    processes.push(...apis);
    await Promise.all(apis.map((a) => waitReady(a.url)));
    const urls = apis.map((a) => a.url);

    const { rows: viewerRows } = await db.query(`SELECT id FROM users WHERE id % $1 = 0 ORDER BY id LIMIT $2`, [Math.max(1, Math.floor(PLAYERS / VIEWERS)), VIEWERS]);
    const tokens = await tokensFor(
      db,
      env.JWT_SECRET,
      viewerRows.map((r) => r.id),
    );

    const calls = [
      { key: 'health', name: 'GET /api/health (ceiling)', path: '/api/health' },
      { key: 'world', name: 'world: /api/leaderboards/National', path: '/api/leaderboards/National' },
      { key: 'country', name: 'country: /api/leaderboards/United States', path: '/api/leaderboards/United%20States' },
      { key: 'state', name: 'state: /api/leaderboards/CA', path: '/api/leaderboards/CA' },
      { key: 'rank', name: "player's rank: National + token", path: '/api/leaderboards/National', tokens },
    ].filter((c) => c.key === 'health' || !process.env.BENCH_CALLS || process.env.BENCH_CALLS.split(',').includes(c.key));
    console.log(`  seeded in ${(seedMs / 1000).toFixed(1)} s; the worker rebuilt the Redis boards (${fmt(worldSize)} on the world board) in ${(rebuildMs / 1000).toFixed(1)} s`);
    console.log(`  machine: ${cpuLabel()}; load average before: ${loadAverage()}`);
    console.log(`  2 API instances, ${CONNECTIONS} connections on each, ${SECONDS} s per call after ${WARMUP_SECONDS} s warm-up`);
    // Debugging: BENCH_HOLD=<file> keeps the stack up (its URLs and a token printed) until the file is removed.
    if (process.env.BENCH_HOLD) {
      console.log(`HOLDING ${JSON.stringify({ urls, token: tokens[0], database })}`);
      while (existsSync(process.env.BENCH_HOLD)) await new Promise((r) => setTimeout(r, 500));
    }
    // The API processes and this database's PostgreSQL backends (Redis is shared with other users of the server).
    const cpuOf = async () => ({
      api: apis.map((a) => a.child.pid),
      pg: (await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database])).rows.map((r) => r.pid),
    });
    const results = [];
    for (const call of calls) {
      await drive(urls, call.path, WARMUP_SECONDS, call.tokens);
      results.push({ ...call, ...(await drive(urls, call.path, SECONDS, call.tokens, cpuOf)) });
    }
    const ceiling = results[0].rps;
    console.log(
      `  ${'call'.padEnd(42)}${'req/s'.padStart(9)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'of health'.padStart(11)}${'CPU/req API+PG'.padStart(17)}  targets (≥ ${TARGET_SHARE * 100} % of health, p99 ≤ ${TARGET_P99_MS} ms)`,
    );
    let missed = 0;
    for (const r of results) {
      const share = r.rps / ceiling;
      const isCeiling = r === results[0];
      const verdict = isCeiling ? '' : `req/s ${share >= TARGET_SHARE ? 'MET' : 'MISSED'}, p99 ${r.p99 <= TARGET_P99_MS ? 'MET' : 'MISSED'}`;
      if (!isCeiling && (share < TARGET_SHARE || r.p99 > TARGET_P99_MS)) missed += 1;
      if (!isCeiling) {
        figure(`${r.name}: req/s as a share of health`, Math.round(share * 100), '%', { op: '>=', value: TARGET_SHARE * 100 });
        figure(`${r.name}: p99`, Number(r.p99.toFixed(1)), 'ms', { op: '<=', value: TARGET_P99_MS });
      }
      console.log(
        `  ${r.name.padEnd(42)}${fmt(r.rps).padStart(9)}${`${r.p50.toFixed(1)} ms`.padStart(10)}${`${r.p99.toFixed(1)} ms`.padStart(10)}${(isCeiling ? '' : `${Math.round(share * 100)} %`).padStart(11)}${`${Math.round(r.cpu.api * 1000)}+${Math.round(r.cpu.pg * 1000)} µs`.padStart(17)}  ${verdict}${r.errors ? `  (${r.errors} non-200 answers!)` : ''}`,
      );
      if (r.errors) process.exitCode = 1;
    }

    if (process.env.BENCH_CALLS && !process.env.BENCH_CALLS.split(',').includes('change')) return;
    // Rating changes under read load: the world board is read on both instances meanwhile.
    const background = drive(urls, '/api/leaderboards/National', 2 + CHANGES * 2, undefined);
    const visible = await changeVisibility(db, env.JWT_SECRET, urls);
    await background;
    const worst = visible[visible.length - 1];
    figure('rating change visible on both boards, max', worst, 'ms', { op: '<=', value: TARGET_VISIBLE_MS });
    console.log(
      `  rating change visible on the world board of both instances (${CHANGES} ranked results, under read load): p50 ${percentile(visible, 50)} ms, max ${worst} ms  target ≤ ${TARGET_VISIBLE_MS} ms: ${worst <= TARGET_VISIBLE_MS ? 'MET' : 'MISSED'}`,
    );
    console.log(`  load average after: ${loadAverage()}`);
    console.log(`  ${missed === 0 && worst <= TARGET_VISIBLE_MS ? 'all targets MET' : 'some targets MISSED'}`);
  } finally {
    await stopProcesses(processes);
    await db.end().catch(() => {});
    await cleanUp(services, database, database);
  }
}

startRecord();
main().catch((err) => {
  console.error(`leaderboard bench failed: ${err?.stack ?? err}`);
  process.exit(1);
});
