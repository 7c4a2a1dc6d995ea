// Pieces every bench shares: free ports, real API/worker processes from backend/dist, readiness,
// a throw-away stack, seeded players with tokens, autocannon runs, CPU per process, load average,
// percentiles, the MET/MISSED verdict, and cleanup of the bench's own database and Redis keys.
// Not a bench itself (scripts/bench.mjs runs only *.bench.mjs).
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { appEnv } from '../scripts/lib/app-env.mjs';
import { apiArgs, workerArgs } from '../scripts/lib/node-flags.mjs';
import { dropDatabase, dropRedisPrefix, resolveServices, ROOT } from '../scripts/lib/services.mjs';
import { loadAverage } from './lib/machine.mjs';
import { figure as recordFigure } from './lib/results.mjs';

const require = createRequire(import.meta.url);
const jwt = require('jsonwebtoken');
const { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TYPE } = require('../backend/dist/sessions/token-kind.js');
const autocannon = require('autocannon');
const { io } = require('socket.io-client');
const { Pool } = require('pg');

export const freePort = () =>
  new Promise((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => done(port));
    });
  });

export async function waitReady(url, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

/** Every process a bench started: killed when the bench exits, even on a crash, so none is left running. */
const children = new Set();
process.on('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));
export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * BENCH_API_NODE_ARGS / BENCH_WORKER_NODE_ARGS as a list: they follow the flags the processes run
 * with for real (scripts/lib/node-flags.mjs), and a later flag wins, so e.g.
 * BENCH_WORKER_NODE_ARGS=--max-semi-space-size=16 measures the worker on V8's default.
 */
const extraFlags = (text) => (text ?? '').split(' ').filter(Boolean);

/** A real API process (backend/dist/main.js) on `port`; BENCH_API_NODE_ARGS passes node flags. */
export function startApi(env, port) {
  const child = track(
    spawn('node', apiArgs(extraFlags(process.env.BENCH_API_NODE_ARGS)), { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] }),
  );
  return { child, url: `http://127.0.0.1:${port}` };
}

/** The worker process (backend/dist/worker.js): jobs and, at boot, the leaderboard rebuild. BENCH_WORKER_NODE_ARGS passes node flags. */
export function startWorker(env) {
  const args = workerArgs(extraFlags(process.env.BENCH_WORKER_NODE_ARGS));
  return { child: track(spawn('node', args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })) };
}

export async function stopProcesses(processes) {
  for (const p of processes) p.child.kill('SIGTERM');
  await Promise.all(processes.map((p) => new Promise((r) => (p.child.exitCode !== null ? r() : p.child.once('exit', r)))));
}

export function exec(cmd, args, env) {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

/**
 * A throw-away database `{name}_{time}` (its name is also the Redis prefix), migrated, and the
 * environment of the API and worker processes that use it.
 */
export async function benchStack(name) {
  const database = `${name}_${Date.now().toString(36)}`;
  const services = await resolveServices({ database, log: () => {} });
  const env = appEnv({
    databaseUrl: services.databaseUrl,
    redisUrl: services.redisUrl,
    port: 0,
    extra: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', REDIS_PREFIX: database, LOG_FORMAT: 'json', JWT_SECRET: randomBytes(32).toString('hex'), STATIC_DIR: '' },
  });
  return { database, services, env };
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The machine's load average (1, 5, 15 min), printed beside every figure: a shared machine's figures mean little without it. */
export const load = () => `load ${loadAverage()}`;

export const fmt = (n) => Math.round(n).toLocaleString('en-US');

/**
 * One printed line per target: `name: figure unit (target op limit unit): MET|MISSED`, and the figure in the run's results file (lib/results.mjs). Returns
 * whether it was met; `op` is '<=' or '>='.
 */
export function verdict(name, figure, op, limit, unit = '') {
  const met = recordFigure(name, figure, unit, { op, value: limit }) === 'MET';
  const show = (v) => (typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(1) : v);
  console.log(`  ${name}: ${show(figure)}${unit} (target ${op} ${show(limit)}${unit}): ${met ? 'MET' : 'MISSED'}   [${load()}]`);
  return met;
}

/** Sorted latencies → { p50, p99, max, n }. */
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1), n: sorted.length };
}

/**
 * `count` players seeded with one INSERT … SELECT generate_series (benches measure delivery,
 * not signup), each with a live session and the bearer token login would issue for it.
 */
export async function seedPlayers(db, secret, count, options = {}) {
  const ids = await insertPlayers(db, count, options);
  return { ids, tokens: await tokensFor(db, secret, ids) };
}

/**
 * `count` more players who take no part in the run (no session; answers their ids), so that the
 * database is the size of a server that needs the rate measured, and PostgreSQL plans for that
 * size: on a few hundred rows it reads a small table whole where a server's would be looked up.
 */
export async function seedQuietPlayers(db, count) {
  return count > 0 ? insertPlayers(db, count, { tag: `q${randomBytes(3).toString('hex')}` }) : [];
}

async function insertPlayers(db, count, { state = 'CA', tag = randomBytes(3).toString('hex') } = {}) {
  const { rows } = await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, date_of_birth, state, bio, password_hash, email_verified, id_verified)
     SELECT 'b' || $1 || i, 'b' || $1 || i || '@bench.test', 'Bench', 'Player', '+15550000000', '1995-01-01', $3, 'bench', 'x', true, true
       FROM generate_series(1, $2::int) i RETURNING id`,
    [tag, count, state],
  );
  return rows.map((r) => r.id);
}

/**
 * A bearer token for a stored session, with the claims login gives it (its audience and kind are
 * checked on every request: docs/accounts.md#sessions-and-logout), so a bench skips argon2.
 */
export function signToken(secret, userId, sid) {
  return jwt.sign({ sub: userId, user_id: userId, sid, typ: ACCESS_TOKEN_TYPE }, secret, { algorithm: 'HS256', expiresIn: '1d', audience: ACCESS_TOKEN_AUDIENCE });
}

/** Sessions and bearer tokens for these players, as login would issue them. */
export async function tokensFor(db, secret, userIds) {
  const sids = userIds.map(() => randomUUID());
  await db.query(`INSERT INTO sessions (id, user_id, expires_at) SELECT unnest($1::uuid[]), unnest($2::int[]), now() + interval '1 day'`, [sids, userIds]);
  return userIds.map((id, i) => signToken(secret, id, sids[i]));
}

/** CPU time (ms) a process has used so far, from /proc (Linux); null when it is gone (or not Linux). */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 100 Hz ticks
  } catch {
    return null;
  }
}

/** CPU (ms) so far of each PostgreSQL backend serving `db`'s database, by pid (the APIs' pools and the bench's own client). */
export async function pgCpu(db) {
  const { rows } = await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid) ?? 0]));
}

/** CPU (ms) between two `pgCpu` samples, summed; a backend new in `after` counts from zero. */
export const pgCpuBetween = (before, after) => [...after].reduce((n, [pid, ms]) => n + ms - (before.get(pid) ?? 0), 0);

/**
 * Read and write system calls a process has made so far (`syscr`, `syscw` of /proc/{pid}/io), or
 * null when it is gone (or not Linux, or not readable). Each round trip to PostgreSQL or Redis,
 * HTTP answer and socket flush is one write; reads depend more on load (a busy process reads
 * several answers at once).
 */
export function ioCalls(pid) {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return { reads: Number(/syscr: (\d+)/.exec(io)[1]), writes: Number(/syscw: (\d+)/.exec(io)[1]) };
  } catch {
    return null;
  }
}

/** Resident memory (bytes) of a process, from /proc; null when it is gone. */
export function rssBytes(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Drives GET `path` with autocannon on every url at once for `seconds` (`connections` each);
 * every response time is kept for exact percentiles. `paths` (optional) rotates over several
 * paths, `tokens` (optional) over players' bearer tokens. Returns req/s, p50/p99 and non-2xx count.
 * @param {string[]} urls
 * @param {{ path?: string; paths?: string[]; seconds: number; connections?: number; tokens?: string[] }} options
 */
export async function drive(urls, { path, paths, seconds, connections = 10, tokens }) {
  const times = [];
  let errors = 0;
  let next = 0;
  const list = paths ?? [path];
  const run = (url) =>
    new Promise((done, fail) => {
      const requests = [
        {
          method: 'GET',
          setupRequest: (req) => {
            const n = next++;
            const headers = tokens ? { ...req.headers, authorization: `Bearer ${tokens[n % tokens.length]}` } : req.headers;
            return { ...req, headers, path: list[n % list.length] };
          },
        },
      ];
      const instance = autocannon({ url, connections, duration: seconds, requests }, (err, result) => (err ? fail(err) : done(result)));
      instance.on('response', (_client, status, _bytes, ms) => {
        if (status < 200 || status >= 300) errors += 1;
        times.push(ms);
      });
    });
  const started = Date.now();
  await Promise.all(urls.map(run));
  const elapsed = (Date.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), errors, samples: times.length };
}

/**
 * GET requests at a steady `rate` a second over all urls in turn for `seconds`, each sent at its
 * own time (one every 1/rate s) on keep-alive connections, at most `connections` per url: an open
 * loop, so a slow answer does not delay the next request and each time counts from when its
 * request was due. autocannon's own rate sends each second's quota at once, a burst at every tick.
 * `paths` and `tokens` rotate as in `drive`. Returns req/s, p50/p99 and non-2xx count.
 * @param {string[]} urls
 * @param {{ paths: string[]; seconds: number; rate: number; connections?: number; tokens?: string[] }} options
 */
export async function pace(urls, { paths, seconds, rate, connections = 10, tokens }) {
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: connections }));
  const times = [];
  let errors = 0;
  const total = Math.round(seconds * rate);
  const started = performance.now();
  const one = (n) =>
    new Promise((done) => {
      const due = started + (n * 1000) / rate;
      setTimeout(
        () => {
          const url = new URL(urls[n % urls.length]);
          const headers = tokens ? { authorization: `Bearer ${tokens[n % tokens.length]}` } : {};
          const req = httpRequest({ host: url.hostname, port: url.port, path: paths[n % paths.length], agent: agents[n % urls.length], headers }, (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode < 200 || res.statusCode >= 300) errors += 1;
              times.push(Math.round((performance.now() - due) * 1000) / 1000);
              done();
            });
          });
          req.on('error', () => {
            errors += 1;
            done();
          });
          req.end();
        },
        Math.max(0, due - performance.now()),
      );
    });
  await Promise.all(Array.from({ length: total }, (_, n) => one(n)));
  const elapsed = (performance.now() - started) / 1000;
  agents.forEach((a) => a.destroy());
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), errors, samples: times.length };
}

/**
 * A pg Pool on the bench's database that cleanUp may drop under it: pg-pool's end() resolves once
 * its clients are told to end, not once their connections closed, and the forced DROP DATABASE
 * could terminate one still closing; that idle client's error, with no listener on the pool,
 * crashed the rating bench after its figures (2026-11-28 22:38 UTC). The test harness does the same.
 */
export function benchPool(options) {
  const pool = new Pool(options);
  pool.on('error', () => undefined);
  return pool;
}

/** Drops the bench's database and every Redis key under its prefix. */
export async function cleanUp(services, database, prefix) {
  if (services.adminUrl) await dropDatabase(services.adminUrl, database).catch(() => {});
  await dropRedisPrefix(services.redisUrl, prefix);
  await services.stop();
}

/**
 * A player's socket.io-client socket on `url` with `token`, open once the server said
 * `session:ready` (the lobby, sockets and soak benches; the chat bench uses socket-client.mjs).
 */
export function connectPlayer(url, token, { timeoutMs = 20000, reconnection = false } = {}) {
  const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true, reconnection });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('socket connect timeout')), timeoutMs);
    s.once('session:ready', () => {
      clearTimeout(timer);
      ok(s);
    });
    s.once('connect_error', (e) => {
      clearTimeout(timer);
      fail(e);
    });
  });
}
