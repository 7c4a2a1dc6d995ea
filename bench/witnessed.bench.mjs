// Witnessed score benchmark (issue 45, docs/matches.md#witnessed-score), on two API instances and
// the worker, against the compiled backend (scripts/bench.mjs builds it).
//
// A throw-away database and Redis prefix. Seeded with SQL (the bench measures the scoreboard, not
// signup or the lobby): BENCH_WITNESSED_MATCHES (default 500) 1v1 matches in progress, '1s & 2s to
// 21', each player scoring their own stream (the default), each with its spectator link.
//
// 1. live: per match, scorer A's socket on one instance and scorer B's on the other, both in
//    `match:{id}`; BENCH_WITNESSED_SPECTATORS (default 10) anonymous spectator sockets per match,
//    alternating instances, in `scoreboard:{id}` by the link token. For BENCH_SECONDS (default 20)
//    each match scores a basket every BENCH_WITNESSED_BASKET_MS (default 4,000, staggered): both
//    scorers tap it (`score:tap`). Every `score:event` is timed from its tap's send to its receipt
//    by the other scorer and by every spectator; lost ones counted (each must arrive once).
// 2. offline: one ranked match, two phones, 300 events made offline over ten minutes of play (each
//    phone: 40 counting taps to 21–19 and 55 taps taken back by an undo), then synced over REST in
//    batches of 50 in order, with one batch sent twice (a flaky connection): 0 lost, 0 duplicated,
//    the phone order kept, one completion and one set of rating events.
// 3. complete: BENCH_WITNESSED_FINISHES (default 50) matches to 5 scored live: from the last tap's
//    send to `scoreboard:complete` on both phones and then the result card (match details' result).
//
// Targets (issue 45): tap → the other scorer and every spectator p99 ≤ 100 ms at 500 matches × (2
// scorers + 10 spectators); offline sync 0 lost / 0 duplicated / order kept / completes once; last
// tap → complete and result card ≤ 1 s. When the machine cannot open the sockets, the run scales
// the matches down and says so. A quick check (~1 min): BENCH_WITNESSED_MATCHES=20 BENCH_SECONDS=5
// npm run bench -- witnessed.
import { createRequire } from 'node:module';
import { randomBytes, randomUUID } from 'node:crypto';
import { BenchSocket } from './socket-client.mjs';
import { figure, startRecord } from './lib/results.mjs';
import {
  benchStack,
  cleanUp,
  cpuMs,
  exec,
  fmt,
  freePort,
  load,
  pgCpu,
  pgCpuBetween,
  seedPlayers,
  startApi,
  startWorker,
  stopProcesses,
  summary,
  verdict,
  waitReady,
} from './support.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { SPECTATOR_SOCKET_AUTH, rooms } = require('@gotnext/shared');

const MATCHES = Number(process.env.BENCH_WITNESSED_MATCHES || 500);
const SPECTATORS = Number(process.env.BENCH_WITNESSED_SPECTATORS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const BASKET_MS = Number(process.env.BENCH_WITNESSED_BASKET_MS || 4000);
const FINISHES = Number(process.env.BENCH_WITNESSED_FINISHES || 50);
/** Taps in the first seconds (cold JIT, fresh connections) count for loss but are not timed. */
const WARMUP_MS = 2000;
const DRAIN_MS = 15000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

startRecord();

const code = (i) => Array.from({ length: 6 }, (_, k) => CODE_ALPHABET[Math.floor(i / CODE_ALPHABET.length ** k) % CODE_ALPHABET.length]).join('');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `n` 1v1 matches in progress between consecutive players, each with its scoreboard row and link token. */
async function seedMatches(db, ids, n, { scoring = '1s & 2s to 21', ranked = false, offset = 0 } = {}) {
  const creators = [];
  const opponents = [];
  for (let i = 0; i < n; i += 1) {
    creators.push(ids[2 * i]);
    opponents.push(ids[2 * i + 1]);
  }
  const { rows } = await db.query(
    `INSERT INTO matches (code, match_type, scoring_type, ranked, status, creator_id, started_at)
     SELECT c, '1v1', $3, $4, 'in-progress', u, now() FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS t(c, u, o) ORDER BY o RETURNING id`,
    [creators.map((_, i) => code(offset + i)), creators, scoring, ranked],
  );
  const matchIds = rows.map((r) => r.id);
  await db.query(`INSERT INTO match_players (match_id, user_id, team) SELECT unnest($1::int[]), unnest($2::int[]), 'A'`, [matchIds, creators]);
  await db.query(`INSERT INTO match_players (match_id, user_id, team) SELECT unnest($1::int[]), unnest($2::int[]), 'B'`, [matchIds, opponents]);
  const tokens = matchIds.map(() => randomBytes(16).toString('base64url'));
  await db.query(`INSERT INTO match_scorers (match_id, spectator_token) SELECT unnest($1::int[]), unnest($2::text[])`, [matchIds, tokens]);
  return matchIds.map((id, i) => ({ id, a: 2 * i, b: 2 * i + 1, token: tokens[i] }));
}

let seq = 0;
const tap = (team, points, clientTime = new Date().toISOString()) => ({ kind: 'tap', team, points, clientEventId: randomUUID(), deviceSeq: ++seq, clientTime, undoes: null });

/** Opens `count` sockets `open(i)` 200 at a time; stops early (and says so) when the machine refuses more. */
async function openMany(count, open) {
  const sockets = [];
  for (let from = 0; from < count; from += 200) {
    const batch = await Promise.allSettled(Array.from({ length: Math.min(200, count - from) }, (_, k) => open(from + k)));
    for (const r of batch) if (r.status === 'fulfilled') sockets.push(r.value);
    if (batch.some((r) => r.status === 'rejected')) return { sockets, error: batch.find((r) => r.status === 'rejected').reason };
  }
  return { sockets, error: null };
}

async function livePart(apis, db, matches, ids, tokens) {
  const urls = apis.map((a) => a.url);
  // Per match: the two scorers' sockets (A on one instance, B on the other), then its spectators.
  const opened = await openMany(matches.length * 2, async (i) => {
    const m = matches[i >> 1];
    const s = await BenchSocket.connect(urls[(i + (i >> 1)) % 2], { token: tokens[i % 2 ? m.b : m.a] }, { readyOn: 'session:ready', timeoutMs: 60000 });
    await s.emitWithAck('room:join', rooms.match(m.id));
    return s;
  });
  let usable = Math.floor(opened.sockets.length / 2);
  const spectatorsOpened = await openMany(usable * SPECTATORS, async (i) => {
    const m = matches[Math.floor(i / SPECTATORS)];
    const s = await BenchSocket.connect(urls[i % 2], { ...SPECTATOR_SOCKET_AUTH }, { timeoutMs: 60000 });
    const ack = await s.emitWithAck('scoreboard:watch', m.token);
    if (!ack.ok) throw new Error(`watch refused: ${ack.message}`);
    return s;
  });
  if (SPECTATORS) usable = Math.min(usable, Math.floor(spectatorsOpened.sockets.length / SPECTATORS));
  const scaled = usable < matches.length;
  if (scaled) console.log(`  SCALED DOWN: the machine opened sockets for ${usable} of ${matches.length} matches (${opened.error ?? spectatorsOpened.error})`);
  const live = matches.slice(0, usable);
  console.log(`  live: ${usable} matches × (2 scorers + ${SPECTATORS} spectators) = ${fmt(usable * (2 + SPECTATORS))} sockets on 2 instances   [${load()}]`);

  const sent = new Map(); // clientEventId → { at, want, got }
  const latencies = [];
  let refused = 0;
  let unanswered = 0;
  const onEvent = (self) => (p) => {
    const s = sent.get(p.event.clientEventId);
    if (!s || p.event.scorer === self) return;
    s.got += 1;
    if (s.timed) latencies.push(performance.now() - s.at);
  };
  const scorerOf = (i, side) => opened.sockets[2 * i + (side === 'A' ? 0 : 1)];
  live.forEach((m, i) => {
    scorerOf(i, 'A').on('score:event', onEvent(ids[m.a]));
    scorerOf(i, 'B').on('score:event', onEvent(ids[m.b]));
    for (let k = 0; k < SPECTATORS; k += 1) spectatorsOpened.sockets[i * SPECTATORS + k].on('score:event', onEvent(0));
  });
  const started = performance.now();
  // CPU per tap, which other load on the machine moves much less than the latencies (docs/scaling.md).
  const cpuBefore = { apis: apis.map((a) => cpuMs(a.child.pid) ?? 0), pg: await pgCpu(db), bench: process.cpuUsage() };
  const timers = [];
  const scores = live.map(() => ({ A: 0, B: 0 }));
  await new Promise((done) => {
    live.forEach((m, i) => {
      const basket = () => {
        if (performance.now() - started > SECONDS * 1000) return;
        // Alternate teams so no stream reaches 21 in the run.
        const team = scores[i].A <= scores[i].B ? 'A' : 'B';
        scores[i][team] += 1;
        for (const side of ['A', 'B']) {
          const e = tap(team, 1);
          // Each tap must reach the other scorer and every spectator (the sender's own echo is not counted).
          sent.set(e.clientEventId, { at: performance.now(), want: 1 + SPECTATORS, got: 0, timed: performance.now() - started > WARMUP_MS });
          scorerOf(i, side)
            .emitWithAck('score:tap', { ...e, matchId: m.id })
            .then((ack) => {
              // No ack at all: the socket closed at the end of the run with the tap still queued.
              if (!ack) unanswered += 1;
              else if (!ack.ok) refused += 1;
            });
        }
      };
      timers.push(setTimeout(() => (basket(), timers.push(setInterval(basket, BASKET_MS))), (i / live.length) * BASKET_MS));
    });
    setTimeout(done, SECONDS * 1000);
  });
  timers.forEach((t) => clearInterval(t));
  const deadline = Date.now() + DRAIN_MS;
  const missing = () => [...sent.values()].reduce((n, s) => n + Math.max(0, s.want - s.got), 0);
  while (missing() > 0 && Date.now() < deadline) await sleep(200);
  const lost = missing();
  const apiCpu = apis.reduce((n, a, i) => n + (cpuMs(a.child.pid) ?? 0) - cpuBefore.apis[i], 0);
  const pgCpuMs = pgCpuBetween(cpuBefore.pg, await pgCpu(db));
  const benchCpu = process.cpuUsage(cpuBefore.bench);
  const perTap = (ms) => (ms * 1000) / Math.max(1, sent.size);
  const r = summary(latencies);
  console.log(
    `  ${fmt(sent.size)} taps, ${fmt(latencies.length)} timed deliveries: p50 ${r.p50?.toFixed(1)} ms, p99 ${r.p99?.toFixed(1)} ms, max ${r.max?.toFixed(1)} ms; lost ${lost}, refused ${refused}, unanswered at the end ${unanswered}`,
  );
  console.log(
    `  where the CPU went, per tap (its 11 deliveries included): both APIs ${perTap(apiCpu).toFixed(0)} µs; PostgreSQL ${perTap(pgCpuMs).toFixed(0)} µs; this bench (${fmt(usable * (2 + SPECTATORS))} socket clients) ${perTap((benchCpu.user + benchCpu.system) / 1000).toFixed(0)} µs`,
  );
  figure('live: CPU per tap, both APIs', Math.round(perTap(apiCpu)), 'µs');
  figure('live: CPU per tap, PostgreSQL', Math.round(perTap(pgCpuMs)), 'µs');
  figure('live: matches', usable);
  figure('live: sockets', usable * (2 + SPECTATORS));
  figure('live: tap -> other scorer and spectators p50', r.p50 ?? 0, 'ms');
  [...opened.sockets, ...spectatorsOpened.sockets].forEach((s) => s.close());
  return { p99: r.p99 ?? Infinity, lost, refused, scaled, usable };
}

/** One phone's offline game: 40 counting +1 taps to 21–19 and 55 wrong taps each taken back by an undo, 150 events over ten minutes. */
function offlineStream() {
  const events = [];
  let dseq = 0;
  const t0 = Date.now() - 10 * 60_000;
  const at = () => new Date(t0 + (events.length * 600_000) / 150).toISOString();
  const score = { A: 0, B: 0 };
  for (let k = 0; k < 40; k += 1) {
    // A wrong point for B (never the one that ends the game), taken back at once.
    for (let w = Math.floor((k * 55) / 40); w < Math.floor(((k + 1) * 55) / 40); w += 1) {
      const wrong = { kind: 'tap', team: 'B', points: 1, clientEventId: randomUUID(), deviceSeq: ++dseq, clientTime: at(), undoes: null };
      events.push(wrong, { kind: 'undo', team: 'B', points: 0, clientEventId: randomUUID(), deviceSeq: ++dseq, clientTime: at(), undoes: wrong.clientEventId });
    }
    const team = k === 39 || (score.A <= score.B && score.A < 20) ? 'A' : score.B < 19 ? 'B' : 'A';
    events.push({ kind: 'tap', team, points: 1, clientEventId: randomUUID(), deviceSeq: ++dseq, clientTime: at(), undoes: null });
    score[team] += 1;
  }
  return { events, score };
}

async function postBatch(url, token, matchId, events) {
  const res = await fetch(`${url}/api/matches/${matchId}/score-events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  return { status: res.status, body: await res.json() };
}

async function offlinePart(db, urls, match, tokens) {
  const phones = [offlineStream(), offlineStream()];
  const total = phones.reduce((n, p) => n + p.events.length, 0);
  let refused = 0;
  const started = performance.now();
  let lastSent = 0;
  // Both phones come back at once and empty their outboxes in order, 50 at a time; one batch twice.
  await Promise.all(
    phones.map(async (p, k) => {
      const token = tokens[k === 0 ? match.a : match.b];
      for (let from = 0; from < p.events.length; from += 50) {
        const batch = p.events.slice(from, from + 50);
        lastSent = performance.now();
        const r = await postBatch(urls[(k + from / 50) % 2], token, match.id, batch);
        if (r.status !== 200) {
          refused += 1;
          console.log(`  offline batch refused: ${r.status} ${JSON.stringify(r.body)}`);
        }
        if (from === 50) await postBatch(urls[(k + 1) % 2], token, match.id, batch); // the resend of a flaky connection
      }
    }),
  );
  const syncMs = performance.now() - started;
  const rows = await db.query(`SELECT scorer_id, client_event_id, device_seq::int AS seq FROM score_events WHERE match_id = $1 ORDER BY scorer_id, id`, [match.id]);
  const ids = new Set(rows.rows.map((r) => r.client_event_id));
  const want = phones.flatMap((p) => p.events.map((e) => e.clientEventId));
  const lost = want.filter((id) => !ids.has(id)).length;
  const duplicated = rows.rows.length - ids.size + Math.max(0, rows.rows.length - total);
  // Stored in the phones' order: each scorer's rows, in insertion order, have rising counters.
  const byScorer = new Map();
  for (const r of rows.rows) byScorer.set(r.scorer_id, [...(byScorer.get(r.scorer_id) ?? []), r]);
  const orderKept = [...byScorer.values()].every((list) => list.every((r, i) => i === 0 || r.seq > list[i - 1].seq));
  const [m] = (await db.query(`SELECT status, team_a_score, team_b_score, settled_by FROM matches WHERE id = $1`, [match.id])).rows;
  const completions = m.status === 'completed' ? 1 : 0;
  let ratingEvents = 0;
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    ratingEvents = Number((await db.query(`SELECT count(*) FROM rating_events WHERE match_id = $1`, [match.id])).rows[0].count);
    if (ratingEvents >= 2) break;
    await sleep(200);
  }
  await sleep(1000);
  ratingEvents = Number((await db.query(`SELECT count(*) FROM rating_events WHERE match_id = $1`, [match.id])).rows[0].count);
  console.log(
    `  offline: ${total} events synced in ${syncMs.toFixed(0)} ms (last batch sent at ${(lastSent - started).toFixed(0)} ms): stored ${rows.rows.length}, lost ${lost}, duplicated ${duplicated}, order ${orderKept ? 'kept' : 'BROKEN'}, match ${m.status} ${m.team_a_score}–${m.team_b_score} (${m.settled_by}), rating events ${ratingEvents}`,
  );
  figure('offline: sync of 300 events', syncMs, 'ms');
  return { lost, duplicated, orderKept, completedOnce: completions === 1 && ratingEvents === 2 && m.team_a_score === 21, refused };
}

async function completePart(urls, matches, tokens) {
  const times = [];
  const cards = [];
  let failures = 0;
  for (const m of matches) {
    const [sa, sb] = await Promise.all([
      BenchSocket.connect(urls[0], { token: tokens[m.a] }, { readyOn: 'session:ready' }),
      BenchSocket.connect(urls[1], { token: tokens[m.b] }, { readyOn: 'session:ready' }),
    ]);
    await Promise.all([sa.emitWithAck('room:join', rooms.match(m.id)), sb.emitWithAck('room:join', rooms.match(m.id))]);
    const done = [sa, sb].map((s) => new Promise((ok) => s.once('scoreboard:complete', () => ok(performance.now()))));
    for (const points of [2, 2]) {
      await Promise.all([sa.emitWithAck('score:tap', { ...tap('A', points), matchId: m.id }), sb.emitWithAck('score:tap', { ...tap('A', points), matchId: m.id })]);
    }
    await sa.emitWithAck('score:tap', { ...tap('A', 1), matchId: m.id });
    const last = performance.now();
    const ack = await sb.emitWithAck('score:tap', { ...tap('A', 1), matchId: m.id });
    if (!ack.ok) failures += 1;
    const timeout = sleep(10000).then(() => Infinity);
    const both = Math.max(...(await Promise.all(done.map((d) => Promise.race([d, timeout])))));
    times.push(both - last);
    // The result card: what the scoreboard opens once complete.
    const res = await fetch(`${urls[1]}/api/match-details/${m.id}`, { headers: { authorization: `Bearer ${tokens[m.b]}` } });
    const body = await res.json();
    if (!body.result) failures += 1;
    cards.push(performance.now() - last);
    sa.close();
    sb.close();
  }
  const r = summary(times);
  const c = summary(cards);
  console.log(
    `  complete: ${matches.length} matches; last tap -> scoreboard:complete on both phones p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; -> result card p99 ${c.p99.toFixed(1)} ms; failures ${failures}`,
  );
  figure('complete: last tap -> scoreboard:complete on both phones p99', r.p99, 'ms');
  return { p99: c.p99, failures };
}

async function main() {
  const { database, services, env } = await benchStack('gotnext_bench_witnessed');
  const db = new Client({ connectionString: services.databaseUrl });
  const processes = [];
  let failed = false;
  try {
    console.log(`witnessed bench: ${MATCHES} live matches × (2 scorers + ${SPECTATORS} spectators), ${SECONDS} s, 2 API instances + worker   [${load()}]`);
    await exec('node', ['backend/dist/database/migrate.js'], env);
    await db.connect();
    const players = 2 * (MATCHES + 1 + FINISHES);
    const { ids, tokens } = await seedPlayers(db, env.JWT_SECRET, players);
    const live = await seedMatches(db, ids, MATCHES);
    const rest = ids.slice(2 * MATCHES);
    const [offline] = await seedMatches(db, rest, 1, { ranked: true, offset: MATCHES });
    const finishes = await seedMatches(db, rest.slice(2), FINISHES, { scoring: '1s & 2s to 5', offset: MATCHES + 1 });
    await db.query('ANALYZE');
    const tokenOf = (list) => list.map((id) => tokens[ids.indexOf(id)]);
    const restTokens = tokenOf(rest);

    const apiEnv = { ...env, SOCKET_EVENTS_PER_SECOND: '1000' };
    const apis = [startApi(apiEnv, await freePort()), startApi(apiEnv, await freePort())];
    processes.push(...apis, startWorker(apiEnv));
    await Promise.all(apis.map((a) => waitReady(a.url, 180000)));
    const urls = apis.map((a) => a.url);

    const l = await livePart(apis, db, live, ids, tokens);
    const o = await offlinePart(db, urls, offline, restTokens);
    const c = await completePart(urls, finishes, restTokens.slice(2));
    failed = l.lost > 0 || l.refused > 0 || o.refused > 0 || c.failures > 0;
    const scale = l.scaled ? ` (SCALED DOWN to ${l.usable} matches)` : '';
    verdict(`tap -> other scorer and every spectator p99 at ${l.usable} matches × ${2 + SPECTATORS}${scale}`, l.p99, '<=', 100, ' ms');
    verdict('live pushes lost', l.lost, '<=', 0);
    verdict('offline sync of 300 events: lost', o.lost, '<=', 0);
    verdict('offline sync of 300 events: duplicated', o.duplicated, '<=', 0);
    verdict('offline sync of 300 events: order kept and completed (and rated) once', o.orderKept && o.completedOnce ? 1 : 0, '>=', 1);
    verdict('last tap -> match complete and result card p99', c.p99, '<=', 1000, ' ms');
    if (failed) process.exitCode = 1;
  } finally {
    await stopProcesses(processes);
    await db.end().catch(() => {});
    await cleanUp(services, database, database);
  }
}

await main();
