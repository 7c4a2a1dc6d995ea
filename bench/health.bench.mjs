// Per-request overhead: GotNext's GET /api/health against a bare Fastify hello, in the same run.
//
// How it runs: it needs the compiled backend (scripts/bench.mjs builds it). It starts one real API
// process (backend/dist/main.js, production settings, its own database and Redis prefix) and a
// bare Fastify (bench/bare-fastify.mjs) answering the same JSON, then drives each with autocannon,
// BENCH_CONNECTIONS (default 50) connections, for BENCH_SECONDS (default 5) after a 2 s warm-up,
// in turn twice (bare, API, bare, API), so both meet the machine's other load alike. Then the
// cheapest logged-in call, GET /api/user with 200 players' tokens (the session check: Redis MGET,
// docs/accounts.md#session-cache), beside it. CPU time per request of each process is printed:
// other load changes it much less than req/s.
//
// Target (issue 13): health ≥ 60 % of the bare Fastify's req/s.
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { benchStack, cleanUp, cpuMs, drive, exec, fmt, freePort, load, seedPlayers, startApi, stopProcesses, track, verdict, waitReady } from './support.mjs';
import { figure, startRecord } from './lib/results.mjs';
import { ROOT } from '../scripts/lib/services.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const TARGET_SHARE = 0.6;

async function measure(url, pid, options) {
  await drive([url], { ...options, seconds: 2, connections: CONNECTIONS }); // warm-up
  const before = cpuMs(pid);
  const r = await drive([url], { ...options, seconds: SECONDS, connections: CONNECTIONS });
  return { ...r, cpuUs: ((cpuMs(pid) - before) * 1000) / Math.max(1, r.samples) };
}

async function main() {
  const { database, services, env } = await benchStack('gotnext_bench_health');
  const processes = [];
  const db = new Client({ connectionString: services.databaseUrl });
  try {
    await exec('node', ['backend/dist/database/migrate.js'], env);
    const api = startApi(env, await freePort());
    processes.push(api);
    const barePort = await freePort();
    const bare = {
      child: track(spawn('node', ['bench/bare-fastify.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(barePort) }, stdio: ['ignore', 'ignore', 'inherit'] })),
      url: `http://127.0.0.1:${barePort}`,
    };
    processes.push(bare);
    await waitReady(api.url);
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`${bare.url}/api/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 100) throw new Error('bare Fastify did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    await db.connect();
    const { tokens } = await seedPlayers(db, env.JWT_SECRET, 200);

    console.log(`health bench: 1 API instance vs a bare Fastify, ${CONNECTIONS} connections, ${SECONDS} s each, twice in turn   [${load()}]`);
    const rounds = [];
    for (let round = 0; round < 2; round += 1) {
      const b = await measure(bare.url, bare.child.pid, { path: '/api/health' });
      const h = await measure(api.url, api.child.pid, { path: '/api/health' });
      rounds.push({ b, h });
      console.log(
        `  round ${round + 1}: bare Fastify ${fmt(b.rps)} req/s (p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms, ${b.cpuUs.toFixed(0)} µs CPU/req); GotNext /api/health ${fmt(h.rps)} req/s (p50 ${h.p50.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms, ${h.cpuUs.toFixed(0)} µs CPU/req, ${h.errors} errors)   [${load()}]`,
      );
    }
    const bareRps = rounds.reduce((n, r) => n + r.b.rps, 0);
    const healthRps = rounds.reduce((n, r) => n + r.h.rps, 0);
    const cpuShare = rounds.reduce((n, r) => n + r.b.cpuUs, 0) / rounds.reduce((n, r) => n + r.h.cpuUs, 0);
    console.log(`  CPU per request: GotNext health costs ${(1 / cpuShare).toFixed(2)}x the bare Fastify's (= ${(cpuShare * 100).toFixed(0)} % of its throughput per core)`);
    const met = verdict('/api/health req/s as a share of bare Fastify (both rounds)', (healthRps / bareRps) * 100, '>=', TARGET_SHARE * 100, ' %');

    // The cheapest logged-in call: JWT verify + the session check from Redis + one account read.
    const me = await measure(api.url, api.child.pid, { path: '/api/user', tokens });
    console.log(
      `  GET /api/user (logged in, 200 players): ${fmt(me.rps)} req/s, p50 ${me.p50.toFixed(1)} ms, p99 ${me.p99.toFixed(1)} ms, ${me.cpuUs.toFixed(0)} µs API CPU/req, ${me.errors} errors   [${load()}]`,
    );
    figure('GET /api/user req/s (logged in)', me.rps, 'req/s');
    figure('GET /api/user API CPU per request', Math.round(me.cpuUs), 'µs');
    if (me.errors > 0 || rounds.some((r) => r.h.errors > 0)) process.exitCode = 1;
    if (!met) console.log('  (MISSED is a figure, not a failure: the bench exits 0 unless a call failed)');
  } finally {
    await stopProcesses(processes);
    await db.end().catch(() => {});
    await cleanUp(services, database, database);
  }
}

startRecord();
main().catch((err) => {
  console.error(`health bench failed: ${err?.stack ?? err}`);
  process.exit(1);
});
