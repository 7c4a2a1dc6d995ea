// Idle sockets on one API instance: memory per authenticated socket, what the heartbeat costs,
// and a push to one user among them.
//
// How it runs: it needs the compiled backend (scripts/bench.mjs builds it). A throw-away database
// and Redis prefix, one real API process, BENCH_SOCKETS (default 2,000, so a run stays near two minutes; the target is stated for
// 15,000) players with sessions and tokens seeded with SQL, each opening one authenticated socket
// (100 at a time). The API's RSS (from /proc) before and after, divided by the sockets, is the
// memory per socket; then the API's CPU over BENCH_IDLE_SECONDS (default 30, more than one
// heartbeat interval) with every socket idle is the heartbeat's cost; then 200 direct messages to
// one of the connected players, from a friend, each timed from the send to that socket's receipt.
//
// Targets (issue 13): ≤ 20 KiB of RSS per socket; a push to one user among them p99 ≤ 25 ms.
import { createRequire } from 'node:module';
import { benchStack, cleanUp, connectPlayer, cpuMs, exec, fmt, freePort, load, rssBytes, seedPlayers, startApi, stopProcesses, summary, verdict, waitReady } from './support.mjs';
import { startRecord } from './lib/results.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const SOCKETS = Number(process.env.BENCH_SOCKETS || 2000);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS || 30);
const PUSHES = 200;

const connect = (url, token) => connectPlayer(url, token, { timeoutMs: 60000 });

async function main() {
  const { database, services, env } = await benchStack('gotnext_bench_sockets');
  const db = new Client({ connectionString: services.databaseUrl });
  const processes = [];
  const sockets = [];
  try {
    await exec('node', ['backend/dist/database/migrate.js'], env);
    await db.connect();
    const { ids, tokens } = await seedPlayers(db, env.JWT_SECRET, SOCKETS + 1);
    const [sender, target] = [ids[SOCKETS], ids[0]];
    await db.query(`INSERT INTO friendships (user_low, user_high) VALUES (LEAST($1::int, $2::int), GREATEST($1::int, $2::int))`, [sender, target]);
    const api = startApi({ ...env, CHAT_SEND_LIMIT: '1000000' }, await freePort());
    processes.push(api);
    await waitReady(api.url);
    // One socket first, so what a socket costs is not mixed with what the first one loads.
    sockets.push(await connect(api.url, tokens[SOCKETS]));
    await new Promise((r) => setTimeout(r, 2000));
    const before = rssBytes(api.child.pid);
    const t0 = Date.now();
    for (let i = 0; i < SOCKETS; i += 100) sockets.push(...(await Promise.all(tokens.slice(i, Math.min(i + 100, SOCKETS)).map((t) => connect(api.url, t)))));
    const connectSeconds = (Date.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 3000));
    const after = rssBytes(api.child.pid);
    const perSocket = (after - before) / SOCKETS / 1024;
    console.log(
      `sockets bench: ${fmt(SOCKETS)} authenticated sockets on 1 API instance, connected in ${connectSeconds.toFixed(1)} s (${fmt(SOCKETS / connectSeconds)}/s)   [${load()}]`,
    );
    console.log(`  API RSS ${(before / 2 ** 20).toFixed(0)} MiB -> ${(after / 2 ** 20).toFixed(0)} MiB`);

    const cpu0 = cpuMs(api.child.pid);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const idleCpu = cpuMs(api.child.pid) - cpu0;
    console.log(
      `  heartbeat: ${idleCpu.toFixed(0)} ms of API CPU in ${IDLE_SECONDS} s idle = ${(((idleCpu / IDLE_SECONDS) * 100) / 1000).toFixed(1)} % of a core, ${((idleCpu * 1000) / SOCKETS / (IDLE_SECONDS / 60)).toFixed(1)} µs per socket per minute; ${sockets.filter((s) => s.connected).length} still connected`,
    );

    const targetSocket = sockets[1];
    const times = [];
    for (let k = 0; k < PUSHES; k += 1) {
      const body = `push ${k}`;
      const got = new Promise((ok) => {
        const on = (m) => {
          if (m.message === body) {
            targetSocket.off('message:new', on);
            ok(Date.now());
          }
        };
        targetSocket.on('message:new', on);
      });
      const t = Date.now();
      const res = await fetch(`${api.url}/api/send-message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[SOCKETS]}` },
        body: JSON.stringify({ recipient_id: target, content: body }),
      });
      if (res.status !== 201) throw new Error(`send answered ${res.status}`);
      await res.arrayBuffer();
      times.push((await got) - t);
    }
    const push = summary(times);
    console.log(`  a direct message to one of them, send -> receipt: p50 ${push.p50} ms, p99 ${push.p99} ms, max ${push.max} ms (${push.n})`);
    verdict('RSS per socket', perSocket, '<=', 20, ' KiB');
    verdict('push to one user p99', push.p99, '<=', 25, ' ms');
  } finally {
    sockets.forEach((s) => s.close());
    await stopProcesses(processes);
    await db.end().catch(() => {});
    await cleanUp(services, database, database);
  }
}

startRecord();
main().catch((err) => {
  console.error(`sockets bench failed: ${err?.stack ?? err}`);
  process.exit(1);
});
