// Lobby benchmark: how fast a lobby change reaches every other player, across two API instances.
//
// How it runs: it needs the compiled backend (scripts/bench.mjs builds it first; or run
// `npm run build` yourself and then `node bench/lobby.bench.mjs`). It creates a throw-away
// database and Redis prefix, migrates, and starts two real API processes (backend/dist/main.js)
// on the Socket.IO Redis adapter. Players, sessions and lobbies are seeded with SQL (the bench
// measures delivery, not signup). Each lobby is a 3v3 with four players, their sockets spread
// over both instances; once a second one player per lobby presses Change Team through the real
// HTTP API (alternating instances). Latency is measured from the change's commit (`at`, stamped
// by the API right after the transaction) to each other player's receipt.
//
// CPU per change is printed for both APIs, PostgreSQL's backends of this database and this bench,
// and the APIs' read and write system calls per change (round trips to PostgreSQL and Redis, HTTP
// answers, socket flushes; a busy process reads several answers at once, so fewer reads under load).
//
// Knobs: BENCH_LOBBIES (default 200), BENCH_SECONDS (default 15); BENCH_API_NODE_ARGS passes node
// flags to the two API processes (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"); BENCH_TRACE=<file> appends
// one JSON line per Change Team (start, duration, instance), per delivery (commit time, latency) and
// per 50 ms tick of this bench's event loop, to line a tail up against samples taken elsewhere
// (pg_stat_activity, the APIs' own event loops): bench/lib/request-probe.cjs (the APIs, through
// BENCH_API_NODE_ARGS), bench/lib/pg-sampler.mjs (beside the run) and bench/lib/lobby-timeline.mjs
// (the three, bucketed) are how docs/scaling.md#commits-without-the-wal-flush was found.
// A run takes about 30 s.
// This bench's own event-loop delay over the measured seconds is printed too: a stall of the load
// generator would look like a server stall in both figures, since both are timed here.
// The figures are only meaningful on an otherwise idle machine: the bench, both APIs, PostgreSQL
// and Redis share the CPU.
import { createRequire } from 'node:module';
import { appendFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import {
  benchStack,
  cleanUp,
  connectPlayer,
  cpuMs,
  exec,
  freePort,
  ioCalls,
  load,
  percentile,
  pgCpu,
  pgCpuBetween,
  signToken,
  startApi,
  stopProcesses,
  verdict,
  waitReady,
} from './support.mjs';
import { startRecord } from './lib/results.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { loopDelay } = require('./lib/loop-delay.cjs');

const LOBBIES = Number(process.env.BENCH_LOBBIES || 200);
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const PLAYERS_PER_LOBBY = 4; // a 3v3 lobby two short of full, so Change Team always has room
const POLL_MS = 3000;
const TRACE = process.env.BENCH_TRACE;
const trace = [];

/** System calls between two samples (maps of pid to ioCalls), summed; a process new in `after` counts from zero. */
const ioBetween = (before, after) =>
  [...after].reduce(
    (n, [pid, io]) => ({
      reads: n.reads + io.reads - (before.get(pid)?.reads ?? 0),
      writes: n.writes + io.writes - (before.get(pid)?.writes ?? 0),
    }),
    { reads: 0, writes: 0 },
  );

/** CPU (ms) the backends used between two pgCpu samples; a backend that started in between counts from zero. */
/** Deliveries in the first seconds (cold JIT, fresh connections) still count for loss but are not timed. */
const WARMUP_MS = 2000;

async function seed(db, secret) {
  const tag = randomBytes(3).toString('hex');
  const users = (
    await db.query(
      `INSERT INTO users (username, email, first_name, last_name, phone_number, date_of_birth, state, bio, password_hash, email_verified, id_verified)
     SELECT 'bench' || $1 || i, 'bench' || $1 || i || '@example.com', 'Bench', 'Player', '+15550000000', '1995-01-01', 'CA', 'bench', 'x', true, true
       FROM generate_series(1, $2::int) i RETURNING id`,
      [tag, LOBBIES * PLAYERS_PER_LOBBY],
    )
  ).rows.map((r) => r.id);
  const tokens = new Map();
  const sessions = users.map((id) => ({ id, sid: randomUUID() }));
  await db.query(`INSERT INTO sessions (id, user_id, expires_at) SELECT unnest($1::uuid[]), unnest($2::int[]), now() + interval '1 day'`, [
    sessions.map((s) => s.sid),
    sessions.map((s) => s.id),
  ]);
  for (const s of sessions) tokens.set(s.id, signToken(secret, s.id, s.sid));
  /** @type {Array<{ id: number; players: number[]; received?: number }>} */
  const lobbies = [];
  for (let l = 0; l < LOBBIES; l += 1) {
    const players = users.slice(l * PLAYERS_PER_LOBBY, (l + 1) * PLAYERS_PER_LOBBY);
    const code = randomBytes(6)
      .toString('hex')
      .toUpperCase()
      .replace(/[^A-HJ-NP-Z2-9]/g, '')
      .padEnd(6, 'Z')
      .slice(0, 6);
    const {
      rows: [m],
    } = await db.query(
      `INSERT INTO matches (code, match_type, scoring_type, creator_id) VALUES ($1, '3v3', '1s & 2s to 11', $2)
       ON CONFLICT DO NOTHING RETURNING id`,
      [code, players[0]],
    );
    if (!m) {
      l -= 1;
      continue;
    } // code clash with another open lobby: draw again
    await db.query(`INSERT INTO match_players (match_id, user_id, team) SELECT $1, unnest($2::int[]), unnest($3::char[])`, [m.id, players, ['A', 'A', 'B', 'B']]);
    lobbies.push({ id: m.id, players });
  }
  return { lobbies, tokens };
}

/**
 * The Change Team client: node:http on keep-alive connections, as fetch (undici) kept them, with
 * the same request line, headers and JSON body; the answer is read to its end, not decoded (the
 * bench only counts its status). fetch's WHATWG streams and promises per request cost
 * this bench ~0.6 ms of CPU per change on top (docs/scaling.md#what-one-change-costs):
 * load generator CPU taken from the 2 cores the APIs share. Resolves with the status once the
 * answer has been read to its end.
 */
const agent = new Agent({ keepAlive: true });
function post(url, token, body) {
  return new Promise((ok, fail) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        // fetch's own headers too, so the APIs parse (and compress for) the same request.
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          accept: '*/*',
          'accept-language': '*',
          'sec-fetch-mode': 'cors',
          'user-agent': 'node',
          'accept-encoding': 'gzip, deflate',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => ok(res.statusCode));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const connect = (url, token) => connectPlayer(url, token, { timeoutMs: 20000 });

async function main() {
  const { database, services, env } = await benchStack('gotnext_bench');
  const apis = [];
  const sockets = [];
  const db = new Client({ connectionString: services.databaseUrl });
  try {
    await exec('node', ['backend/dist/database/migrate.js'], env);
    apis.push(startApi(env, await freePort()), startApi(env, await freePort()));
    await Promise.all(apis.map((a) => waitReady(a.url)));
    await db.connect();
    const { lobbies, tokens } = await seed(db, env.JWT_SECRET);

    // Sockets: player i of the whole run goes to instance i % 2, so every lobby spans both.
    const latencies = [];
    let received = 0;
    let timedFrom = Infinity;
    let socketIndex = 0;
    for (const lobby of lobbies) {
      lobby.received = 0;
      await Promise.all(
        lobby.players.map(async (userId, i) => {
          const s = await connect(apis[socketIndex++ % 2].url, tokens.get(userId));
          sockets.push(s);
          const ack = await new Promise((ok) => s.emit('room:join', `match:${lobby.id}`, ok));
          if (!ack.ok) throw new Error(`room join refused for lobby ${lobby.id}`);
          if (i === 3) return; // the player who changes team is not counted as a receiver
          s.on('match:changed', (e) => {
            const now = Date.now();
            if (e.match_id !== lobby.id) return;
            if (e.at >= timedFrom) latencies.push(now - e.at);
            if (TRACE) trace.push({ k: 'push', at: e.at, d: now - e.at });
            received += 1;
            lobby.received += 1;
          });
        }),
      );
    }

    // One Change Team per lobby per second, spread evenly over each second.
    let changes = 0;
    let failedChanges = 0;
    // Timed after the warm-up, as the pushes are: the first requests open the bench's connections
    // and find every API cache, prepared statement and JIT cold (that warm-up's own p99 is printed too).
    const httpTimes = [];
    const warmupTimes = [];
    const started = Date.now();
    timedFrom = started + WARMUP_MS;
    const cpuBefore = { apis: apis.map((a) => cpuMs(a.child.pid)), bench: process.cpuUsage(), pg: await pgCpu(db) };
    const apiIoNow = () => new Map(apis.map((a) => [a.child.pid, ioCalls(a.child.pid) ?? { reads: 0, writes: 0 }]));
    const ioBefore = apiIoNow();
    const delay = loopDelay(10);
    let lastTick = Date.now();
    const ticker = TRACE
      ? setInterval(() => {
          const n = Date.now();
          trace.push({ k: 'tick', t: n, lag: n - lastTick - 50 });
          lastTick = n;
        }, 50)
      : null;
    if (TRACE) trace.push({ k: 'start', t: started, apis: apis.map((a) => a.child.pid) });
    await Promise.all(
      lobbies.map(async (lobby, l) => {
        const token = tokens.get(lobby.players[3]);
        await new Promise((r) => setTimeout(r, (l * 1000) / lobbies.length));
        for (let k = 0; k < SECONDS; k += 1) {
          const due = started + (l * 1000) / lobbies.length + k * 1000;
          await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
          const t0 = Date.now();
          const status = await post(`${apis[k % 2].url}/api/join-team`, token, JSON.stringify({ match_id: lobby.id }));
          (t0 >= timedFrom ? httpTimes : warmupTimes).push(Date.now() - t0);
          if (TRACE) trace.push({ k: 'req', t0, d: Date.now() - t0, inst: k % 2, status });
          if (status >= 200 && status < 300) changes += 1;
          else failedChanges += 1;
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 1500)); // let the last pushes land
    delay.disable();
    if (ticker) {
      clearInterval(ticker);
      appendFileSync(TRACE, `${trace.map((x) => JSON.stringify(x)).join('\n')}\n`);
    }

    const apiCpu = apis.reduce((n, a, i) => n + cpuMs(a.child.pid) - cpuBefore.apis[i], 0);
    const dbCpu = pgCpuBetween(cpuBefore.pg, await pgCpu(db));
    const apiIo = ioBetween(ioBefore, apiIoNow());
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const expected = changes * (PLAYERS_PER_LOBBY - 1);
    const lost = Math.max(0, expected - received);
    latencies.sort((a, b) => a - b);
    httpTimes.sort((a, b) => a - b);
    warmupTimes.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const max = latencies[latencies.length - 1];
    const httpP99 = percentile(httpTimes, 99);
    console.log(`lobby bench: ${lobbies.length} lobbies, ${sockets.length} sockets on 2 API instances, ${SECONDS} s, ${lobbies.length} changes/s   [${load()}]`);
    console.log(`  changes committed: ${changes} (refused: ${failedChanges}); deliveries expected ${expected}, received ${received}`);
    console.log(`  push latency (commit -> other player's socket, after ${WARMUP_MS / 1000} s warm-up, ${latencies.length} samples): p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`);
    console.log(`  vs ${POLL_MS} ms polling: p99 is ${(p99 / POLL_MS).toFixed(4)} of the interval; polling's average wait is ${POLL_MS / 2} ms`);
    console.log(
      `  Change Team HTTP round trip (after the warm-up, ${httpTimes.length} requests): p50 ${percentile(httpTimes, 50)} ms, p99 ${httpP99} ms, max ${httpTimes.at(-1)} ms; during the ${WARMUP_MS / 1000} s warm-up (${warmupTimes.length}): p50 ${percentile(warmupTimes, 50)} ms, p99 ${percentile(warmupTimes, 99)} ms`,
    );
    console.log(
      `  where the CPU went, per change: both APIs ${((apiCpu * 1000) / Math.max(1, changes)).toFixed(0)} µs; PostgreSQL ${((dbCpu * 1000) / Math.max(1, changes)).toFixed(0)} µs; this bench (HTTP client and ${sockets.length} socket clients) ${((benchCpu.user + benchCpu.system) / Math.max(1, changes)).toFixed(0)} µs`,
    );
    console.log(
      `  this bench's own event-loop delay while measuring: p99 ${delay.percentile(99).toFixed(1)} ms, max ${delay.max().toFixed(1)} ms (a stall here would delay both figures above)`,
    );
    const perChange = (n) => (n / Math.max(1, changes)).toFixed(1);
    // Each PostgreSQL or Redis round trip, HTTP answer and socket flush is a write (and its answer a read).
    console.log(`  socket reads / writes per change, both APIs: ${perChange(apiIo.reads)} / ${perChange(apiIo.writes)} (fewer under load: several answers read at once)`);
    verdict('push p99', p99, '<=', 25, ' ms');
    verdict('Change Team round trip p99', httpP99, '<=', 50, ' ms');
    verdict('events lost', lost, '<=', 0);
    if (lost > 0 || failedChanges > 0) process.exitCode = 1;
  } finally {
    sockets.forEach((s) => s.close());
    agent.destroy();
    await stopProcesses(apis);
    await db.end().catch(() => {});
    await cleanUp(services, database, database);
  }
}

startRecord();
main().catch((err) => {
  console.error(`lobby bench failed: ${err?.stack ?? err}`);
  process.exit(1);
});
