// Soak: `npm run bench:soak [-- --minutes 10]`. Not part of `npm run bench` (it is not a
// *.bench.mjs file): BENCH_SOAK_SOCKETS (default 2,000) authenticated sockets and
// BENCH_SOAK_RATE (default 200) requests/s of a realistic mix across two API instances and the
// worker for the given minutes (default 10), on a throw-away database and Redis prefix.
//
// The mix: 30 % profiles (GET /api/user-profile/{id}), 20 % the world board
// (GET /api/leaderboards/National), 20 % direct messages (POST /api/send-message, each checked to
// reach the recipient's socket), 10 % league chat (POST /api/leagues/chat), 20 % lobby changes
// (POST /api/join-team), each through the next instance.
//
// Every 10 s it prints, per API instance, RSS and event-loop delay (p99/max over those 10 s,
// measured inside the process by bench/lib/loop-probe.cjs, preloaded with --require), the
// database's PostgreSQL connections, the Redis server's client count (the whole server's: other
// users of the same Redis are counted too), requests done and failed, messages lost.
//
// Target (issue 13): memory flat: after the warm-up (the first fifth of the run, at most 2
// minutes), each instance's highest RSS in the second half of the samples less than 10 % above its
// highest in the first half; nothing lost, nothing failed. The highest, not one sample at each end:
// RSS is a sawtooth (V8 grows the heap, a major collection hands pages back; 152–184 MiB within a
// minute on 2026-11-27), so two single samples measure where in a tooth each fell (that run: +11.5 %
// from a trough to a plateau while the peaks stayed at 181–184 MiB), while a leak lifts the peaks.
// The first and last samples are printed beside it.
import { createRequire } from 'node:module';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchStack, cleanUp, connectPlayer, exec, fmt, freePort, load, seedPlayers, startApi, startWorker, stopProcesses, verdict, waitReady } from './support.mjs';
import { startRecord } from './lib/results.mjs';
import { ROOT } from '../scripts/lib/services.mjs';
import { machineLine } from './lib/machine.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { createClient } = require('redis');

const { values: args } = parseArgs({ options: { minutes: { type: 'string', default: process.env.BENCH_SOAK_MINUTES || '10' } } });
const MINUTES = Number(args.minutes);
const SOCKETS = Math.max(500, Number(process.env.BENCH_SOAK_SOCKETS || 2000)); // the first 500 players write and change teams
const RATE = Number(process.env.BENCH_SOAK_RATE || 200);
const SAMPLE_MS = 10_000;
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const WARMUP_MS = Math.min(120_000, (MINUTES * 60_000) / 5);

const connect = (url, token) => connectPlayer(url, token, { timeoutMs: 60000, reconnection: true });

function probeOf(file, pid) {
  const path = `${file}.${pid}`;
  if (!existsSync(path)) return null;
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  return JSON.parse(lines.at(-1));
}

async function main() {
  const { database, services, env } = await benchStack('gotnext_soak');
  const probeFile = join(tmpdir(), `gotnext-soak-${Date.now()}`);
  const processes = [];
  const sockets = [];
  const db = new Client({ connectionString: services.databaseUrl });
  const redis = createClient({ url: services.redisUrl });
  try {
    await exec('node', ['backend/dist/database/migrate.js'], env);
    await db.connect();
    await redis.connect();
    const { ids, tokens } = await seedPlayers(db, env.JWT_SECRET, SOCKETS);
    const tokenOf = new Map(ids.map((id, i) => [id, tokens[i]]));
    // 100 pairs of friends write to each other; 10 leagues of 10; 50 lobbies of 4 (3v3, room to change team).
    const pairs = Array.from({ length: Math.min(100, Math.floor(SOCKETS / 4)) }, (_, p) => [ids[2 * p], ids[2 * p + 1]]);
    await db.query(`INSERT INTO friendships (user_low, user_high) SELECT LEAST(a, b), GREATEST(a, b) FROM unnest($1::int[], $2::int[]) AS t(a, b)`, [
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    ]);
    const leagues = [];
    for (let l = 0; l < 10; l += 1) {
      const members = ids.slice(200 + l * 10, 210 + l * 10);
      const {
        rows: [league],
      } = await db.query(`INSERT INTO leagues (name, creator_id) VALUES ($1, $2) RETURNING id`, [`Soak league ${l}`, members[0]]);
      await db.query(`INSERT INTO league_members (league_id, user_id) SELECT $1, unnest($2::int[])`, [league.id, members]);
      leagues.push({ id: league.id, sender: members[1] });
    }
    const lobbies = [];
    for (let l = 0; l < 50; l += 1) {
      const players = ids.slice(300 + l * 4, 304 + l * 4);
      const {
        rows: [m],
      } = await db.query(`INSERT INTO matches (code, match_type, scoring_type, creator_id) VALUES ($1, '3v3', '1s & 2s to 11', $2) RETURNING id`, [
        `SK${CODE_LETTERS[l % 32]}${CODE_LETTERS[Math.floor(l / 32) % 32]}ZZ`,
        players[0],
      ]);
      await db.query(`INSERT INTO match_players (match_id, user_id, team) SELECT $1, unnest($2::int[]), unnest($3::char[])`, [m.id, players, ['A', 'A', 'B', 'B']]);
      lobbies.push({ id: m.id, mover: players[3] });
    }

    const apiEnv = { ...env, CHAT_SEND_LIMIT: '1000000', LOOP_PROBE_FILE: probeFile };
    const probe = `--require=${join(ROOT, 'bench/lib/loop-probe.cjs')}`;
    const previousArgs = process.env.BENCH_API_NODE_ARGS;
    process.env.BENCH_API_NODE_ARGS = [previousArgs, probe].filter(Boolean).join(' ');
    const apis = [startApi(apiEnv, await freePort()), startApi(apiEnv, await freePort())];
    process.env.BENCH_API_NODE_ARGS = previousArgs ?? '';
    processes.push(...apis, startWorker(apiEnv));
    await Promise.all(apis.map((a) => waitReady(a.url)));

    // Sockets: player i on instance i % 2, connected 50 at a time.
    let dmExpected = 0;
    let dmReceived = 0;
    for (let i = 0; i < ids.length; i += 50) {
      const batch = await Promise.all(ids.slice(i, i + 50).map((id, k) => connect(apis[(i + k) % 2].url, tokenOf.get(id))));
      batch.forEach((s, k) => {
        const id = ids[i + k];
        s.on('message:new', (m) => {
          if (m.recipient_id === id && String(m.message).startsWith('soak')) dmReceived += 1;
        });
      });
      sockets.push(...batch);
    }
    console.log(machineLine());
    console.log(`soak: ${sockets.length} sockets on 2 API instances + worker, ${RATE} req/s mix for ${MINUTES} min (warm-up ${Math.round(WARMUP_MS / 1000)} s)   [${load()}]`);

    let done = 0;
    let failedRequests = 0;
    let n = 0;
    const send = async (url, method, path, token, body) => {
      try {
        const res = await fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        await res.arrayBuffer();
        if (res.ok) done += 1;
        else {
          failedRequests += 1;
          if (failedRequests <= 5) console.error(`  ${method} ${path}: ${res.status}`);
        }
        return res.ok;
      } catch (err) {
        failedRequests += 1;
        if (failedRequests <= 5) console.error(`  ${method} ${path}: ${err.message}`);
        return false;
      }
    };
    const oneRequest = () => {
      const k = n++;
      const url = apis[k % 2].url;
      const roll = k % 10;
      const viewer = ids[k % ids.length];
      if (roll < 3) return send(url, 'GET', `/api/user-profile/${ids[(k * 7) % ids.length]}`, tokenOf.get(viewer));
      if (roll < 5) return send(url, 'GET', '/api/leaderboards/National', tokenOf.get(viewer));
      if (roll < 7) {
        const [a, b] = pairs[k % pairs.length];
        const [from, to] = k % 4 < 2 ? [a, b] : [b, a];
        return send(url, 'POST', '/api/send-message', tokenOf.get(from), { recipient_id: to, content: `soak ${k}` }).then((ok) => {
          if (ok) dmExpected += 1;
        });
      }
      if (roll < 8) {
        const league = leagues[k % leagues.length];
        return send(url, 'POST', '/api/leagues/chat', tokenOf.get(league.sender), { league_id: league.id, message: `soak ${k}` });
      }
      const lobby = lobbies[k % lobbies.length];
      return send(url, 'POST', '/api/join-team', tokenOf.get(lobby.mover), { match_id: lobby.id });
    };

    const started = Date.now();
    const end = started + MINUTES * 60_000;
    const inFlight = new Set();
    let skipped = 0;
    const ticker = setInterval(() => {
      for (let i = 0; i < RATE / 20; i += 1) {
        // A saturated machine: at most 2 s of requests in flight; the rest are counted, not sent.
        if (inFlight.size >= RATE * 2) {
          skipped += 1;
          continue;
        }
        const p = oneRequest();
        inFlight.add(p);
        p.finally(() => inFlight.delete(p));
      }
    }, 50);
    const afterWarmUp = apis.map(() => []); // RSS samples after the warm-up, per instance
    let lastSample = null;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
      const {
        rows: [pg],
      } = await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()`);
      const redisClients = Number(/connected_clients:(\d+)/.exec(/** @type {string} */ (await redis.info('clients')))?.[1]);
      const per = apis.map((a, i) => {
        const p = probeOf(probeFile, a.child.pid);
        if (p && Date.now() - started >= WARMUP_MS) afterWarmUp[i].push(p.rss);
        return p
          ? `api${i + 1} RSS ${(p.rss / 2 ** 20).toFixed(0)} MiB heap ${(p.heap / 2 ** 20).toFixed(0)} MiB loop p99 ${p.p99.toFixed(1)} ms max ${p.max.toFixed(0)} ms`
          : `api${i + 1} (no sample yet)`;
      });
      lastSample = apis.map((a) => probeOf(probeFile, a.child.pid));
      console.log(
        `  ${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s: ${per.join('; ')}; PostgreSQL connections ${pg.n}; Redis clients ${redisClients}; requests ${fmt(done)} ok, ${failedRequests} failed; messages not (yet) received ${Math.max(0, dmExpected - dmReceived)}; not sent (over 2 s in flight) ${skipped}; sockets connected ${sockets.filter((s) => s.connected).length}   [${load()}]`,
      );
    }
    clearInterval(ticker);
    await Promise.all(inFlight);
    for (let waited = 0; waited < 5000 && dmReceived < dmExpected; waited += 100) await new Promise((r) => setTimeout(r, 100));
    const lost = Math.max(0, dmExpected - dmReceived);
    console.log(
      `  done: ${fmt(done)} requests (${fmt(done / ((Date.now() - started) / 1000))}/s), ${failedRequests} failed, ${skipped} not sent (the machine could not keep up); direct messages ${fmt(dmExpected)} sent, ${fmt(dmReceived)} received`,
    );
    const mib = (bytes) => (bytes / 2 ** 20).toFixed(0);
    afterWarmUp.forEach((samples, i) => {
      if (samples.length < 4) return console.log(`  api${i + 1}: too short a run for a memory verdict`);
      const half = Math.floor(samples.length / 2);
      const [early, late] = [Math.max(...samples.slice(0, half)), Math.max(...samples.slice(half))];
      const [first, last] = [samples[0], lastSample?.[i]?.rss ?? samples.at(-1)];
      console.log(
        `  api${i + 1} RSS after warm-up: first ${mib(first)} MiB, last ${mib(last)} MiB, lowest ${mib(Math.min(...samples))} MiB; highest of each half ${mib(early)} -> ${mib(late)} MiB`,
      );
      verdict(`api${i + 1} RSS growth after warm-up, highest of each half`, ((late - early) / early) * 100, '<', 10, ' %');
    });
    verdict('messages lost', lost, '<=', 0);
    verdict('requests failed', failedRequests, '<=', 0);
    if (lost > 0 || failedRequests > 0) process.exitCode = 1;
  } finally {
    sockets.forEach((s) => s.close());
    await stopProcesses(processes);
    await redis.quit().catch(() => {});
    await db.end().catch(() => {});
    await cleanUp(services, database, database);
    for (const p of processes) rmSync(`${probeFile}.${p.child.pid}`, { force: true });
  }
}

startRecord();
main().catch((err) => {
  console.error(`soak failed: ${err?.stack ?? err}`);
  process.exit(1);
});
