// Courts benchmark (issue 43): the live queue's push to every phone at a court, the balanced split,
// calling next to a lobby, and "courts near me" over 100,000 courts, on two API instances and the
// worker.
//
// How it runs: it needs the compiled backend and shared library (scripts/bench.mjs builds them).
// A throw-away database and Redis prefix, migrated; two real API processes (backend/dist/main.js)
// on the Socket.IO Redis adapter and the worker. What the bench does not measure is seeded with
// SQL: BENCH_COURT_PLAYERS (default 20) players for each of BENCH_COURTS (default 200) courts, real
// accounts with sessions and the bearer tokens login would issue, overall ratings drawn around 1500
// (sd 150); BENCH_NEAR_COURTS (default 100,000) courts in all, the bench's among them, 70 % around
// 40 US metros and the rest anywhere in the continental box (a metro's 50 km box holds ~1,500: the
// dense case for "near me"); each bench court's run open, hosted by its first player, every player
// checked in. The parts (BENCH_COURTS_PARTS, default all: split,near,page,changes,calls):
//
// 1. split: libs/shared `balancedSplit` (what the last confirmation runs inside the API) in this
//    process, over ten players with drawn ratings, alone (126 splits) and with groups of 2 and 3,
//    BENCH_SPLIT_RUNS (default 5,000) times each after a warm-up; wall time and CPU per split.
// 2. near: GET /api/courts?lat&lng through both instances with autocannon, BENCH_NEAR_CONNECTIONS
//    (default 4) connections on each for BENCH_SECONDS (default 15) after a 2 s warm-up, over 2,000
//    points (half near a metro) and 500 players' tokens, first flat out (each connection asks
//    again once answered: the capacity, and CPU per request), then one request every
//    1/BENCH_NEAR_RATE s (default 100 req/s over both, support.mjs `pace`): the target is the answer's time at a stated load, not the
//    queue behind a saturated closed loop, which on 2 cores shared with PostgreSQL, Redis and
//    the load generator is mostly waiting for a core. Then EXPLAIN ANALYZE of the courts repository's own statements (as the reads bench does).
// 3. page: the court page each phone reads again after a `court:changed` (frontend courtQueries),
//    for 3 s: its CPU per read, which every push costs again once per phone at the court.
// 4. changes: one socket per phone (socket-client.mjs: socket.io-client's layers were a third of
//    the chat bench's CPU), player i on instance i % 2, each in its court's room `court:{id}`. For
//    BENCH_SECONDS, BENCH_COURT_CHANGES queue changes a second in all (default one per court every
//    5 s), spread evenly: at each court in turn one of its players joins the queue, or leaves it
//    when in it (to the instance holding that player's socket, as the bundled nginx routes a phone).
//    Every phone at the court counts its `court:changed`: latency from the change's commit (the
//    event's `at`, stamped by the API after the transaction) and from the tap (the request sent)
//    to its receipt, and lost ones (each phone must get one per committed change at its court).
//    The phones do not read the page again here (part 3 prices that).
// 5. calls: BENCH_COURT_CALL_ROUNDS (default 1) rounds; before each, ten of each court's players
//    are queued by SQL (a group of 2, a group of 3, five alone). At BENCH_COURT_CALL_RATE (default
//    4) courts a second the host calls next; each called phone confirms a random 0 to
//    BENCH_COURT_CONFIRM_SPREAD_MS (default 2,000; 0: all at once) ms after its `court:called`, and
//    the last confirmation creates the match. Timed per call: the call request → every called
//    phone has `court:called`; the last confirmation's request → every called phone has
//    `court:lobby` (the lobby created and pushed); the call → the lobby on every phone.
//
// Printed with each part: CPU per operation of the APIs, PostgreSQL and the worker (from /proc),
// and the APIs' write system calls per operation (each round trip to PostgreSQL or Redis is one);
// with the changes, this bench's CPU per delivery and event-loop delay (a stall here would look
// like a server stall in every latency).
//
// Targets (issue 43): a queue change reaches every phone at its court p99 ≤ 50 ms, 0 lost; the
// balanced split of 10 ≤ 5 ms; calling next → lobby created and pushed p99 ≤ 300 ms; courts near
// me over 100,000 courts p99 ≤ 20 ms. Exits non-zero when a request is refused or a push lost.
// A reduced run that checks the bench works (~1 min): BENCH_COURTS=20 BENCH_NEAR_COURTS=5000
// BENCH_SECONDS=3 npm run bench -- courts.
import { createRequire } from 'node:module';
import { Agent, request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../scripts/lib/services.mjs';
import { BenchSocket } from './socket-client.mjs';
import { figure, startRecord } from './lib/results.mjs';
import {
  benchStack,
  cleanUp,
  cpuMs,
  drive,
  pace,
  exec,
  ioCalls,
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
const { COURT_LIMITS, ROUTES, balancedSplit, boundingBox, courtNameKey } = require('@gotnext/shared');
const { loopDelay } = require('./lib/loop-delay.cjs');

const COURTS = Number(process.env.BENCH_COURTS || 200);
const PER_COURT = Math.max(10, Number(process.env.BENCH_COURT_PLAYERS || 20));
const NEAR_COURTS = Math.max(COURTS, Number(process.env.BENCH_NEAR_COURTS || 100000));
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
/**
 * Queue changes per second over all courts: by default one per court every 5 s, several times a
 * busy real court's (a join, a leave, an invite or a confirmation every minute or so).
 */
const CHANGES_PER_SECOND = Number(process.env.BENCH_COURT_CHANGES || COURTS / 5);
const CALL_ROUNDS = Number(process.env.BENCH_COURT_CALL_ROUNDS || 1);
/** Calls per second over all courts: a court calls a game every ten minutes or so, 200 courts ~0.3/s. */
const CALL_RATE = Number(process.env.BENCH_COURT_CALL_RATE || 4);
/** Each called phone confirms after a delay drawn from 0..this (players tapping "confirm"); 0: all at once. */
const CONFIRM_SPREAD_MS = Number(process.env.BENCH_COURT_CONFIRM_SPREAD_MS ?? 2000);
const NEAR_CONNECTIONS = Number(process.env.BENCH_NEAR_CONNECTIONS || 4);
/** The paced rate the near-me target is read at, both instances together (docs/courts.md#finding-a-court). */
const NEAR_RATE = Number(process.env.BENCH_NEAR_RATE || 100);
const SPLIT_RUNS = Number(process.env.BENCH_SPLIT_RUNS || 5000);
/** Which parts run (all by default): split, near, page, changes, calls; e.g. `near` alone to profile it. */
const PARTS = new Set((process.env.BENCH_COURTS_PARTS || 'split,near,page,changes,calls').split(','));
const GAME_SIZE = 5; // 5v5: ten called, the 126 splits of the target
/** Changes in the first seconds (cold JIT, fresh connections) still count for loss but are not timed. */
const WARMUP_MS = 2000;
/** A push later than these is counted lost: far beyond any target, so a busy machine's late ones are not. */
const LOBBY_TIMEOUT_MS = 120000;
const DRAIN_MS = 30000;

/** A seeded PRNG (mulberry32), so every run places the same courts and draws the same ratings. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(43);
const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

// Where courts cluster: 40 US metros (lat, lng).
const METROS = [
  [40.71, -74.0],
  [34.05, -118.24],
  [41.88, -87.63],
  [29.76, -95.37],
  [33.45, -112.07],
  [39.95, -75.17],
  [29.42, -98.49],
  [32.72, -117.16],
  [32.78, -96.8],
  [37.34, -121.89],
  [30.27, -97.74],
  [30.33, -81.66],
  [37.77, -122.42],
  [39.96, -83.0],
  [35.23, -80.84],
  [39.77, -86.16],
  [47.61, -122.33],
  [39.74, -104.99],
  [38.91, -77.04],
  [42.36, -71.06],
  [31.76, -106.49],
  [36.16, -86.78],
  [42.33, -83.05],
  [35.47, -97.52],
  [45.52, -122.68],
  [36.17, -115.14],
  [35.15, -90.05],
  [38.25, -85.76],
  [39.29, -76.61],
  [43.04, -87.91],
  [35.08, -106.65],
  [32.22, -110.97],
  [36.74, -119.79],
  [38.58, -121.49],
  [33.75, -84.39],
  [25.76, -80.19],
  [44.98, -93.27],
  [29.95, -90.07],
  [27.95, -82.46],
  [40.44, -79.99],
];
const US_BOX = { minLat: 25, maxLat: 49, minLng: -124, maxLng: -67 };

/** A court's position: near a metro (sd ~28 km) with probability `clustered`, else anywhere in the box. */
function position(clustered = 0.7) {
  if (random() < clustered) {
    const [lat, lng] = METROS[Math.floor(random() * METROS.length)];
    return [lat + 0.25 * gaussian(), lng + (0.25 * gaussian()) / Math.cos((lat * Math.PI) / 180)];
  }
  return [US_BOX.minLat + random() * (US_BOX.maxLat - US_BOX.minLat), US_BOX.minLng + random() * (US_BOX.maxLng - US_BOX.minLng)];
}

const rating = () => Math.min(2300, Math.max(800, 1500 + 150 * gaussian()));

/**
 * The courts: the bench's `COURTS` (5v5, approved, near a metro) first, then the rest up to
 * NEAR_COURTS, inserted 20,000 at a time. Returns the bench courts' ids.
 */
async function seedCourts(db, creatorId) {
  const benchIds = [];
  for (let from = 0; from < NEAR_COURTS; from += 20000) {
    const n = Math.min(20000, NEAR_COURTS - from);
    const cols = { name: [], key: [], lat: [], lng: [], size: [], status: [] };
    for (let i = from; i < from + n; i += 1) {
      const bench = i < COURTS;
      const [lat, lng] = position(bench ? 1 : 0.7);
      const name = bench ? `Bench Court ${i}` : `Park Court ${i}`;
      cols.name.push(name);
      cols.key.push(courtNameKey(name));
      cols.lat.push(lat);
      cols.lng.push(lng);
      cols.size.push(bench ? GAME_SIZE : 3 + (i % 3));
      cols.status.push(bench || i % 50 ? 'approved' : 'pending');
    }
    const { rows } = await db.query(
      `INSERT INTO courts (name, name_key, address, lat, lng, region, indoor, hoops, game_size, notes, status, creator_id)
       SELECT n, k, 'Bench address', la, ln, 'CA', false, 2, s, '', st, $7
         FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::int[], $6::text[]) WITH ORDINALITY AS t(n, k, la, ln, s, st, o)
        ORDER BY o RETURNING id`,
      [cols.name, cols.key, cols.lat, cols.lng, cols.size, cols.status, creatorId],
    );
    if (from === 0) benchIds.push(...rows.slice(0, COURTS).map((r) => r.id));
  }
  await db.query('ANALYZE courts');
  return benchIds;
}

/** Each bench court's run, open and hosted by its first player, with all its players checked in. */
async function seedRuns(db, courtIds, players) {
  const { rows } = await db.query(
    `INSERT INTO court_sessions (court_id, host_id, secret)
     SELECT c, h, decode(md5(random()::text) || left(md5(random()::text), 8), 'hex') FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS t(c, h, o)
      ORDER BY o RETURNING id, court_id`,
    [courtIds, courtIds.map((_, c) => players[c * PER_COURT])],
  );
  const sessionOf = new Map(rows.map((r) => [r.court_id, r.id]));
  const sessions = courtIds.map((id) => sessionOf.get(id));
  const who = players.slice(0, courtIds.length * PER_COURT);
  await db.query(`INSERT INTO court_checkins (session_id, court_id, user_id) SELECT unnest($1::int[]), unnest($2::int[]), unnest($3::int[])`, [
    who.map((_, i) => sessions[Math.floor(i / PER_COURT)]),
    who.map((_, i) => courtIds[Math.floor(i / PER_COURT)]),
    who,
  ]);
  return sessions;
}

/**
 * The HTTP client: node:http on keep-alive connections with fetch's headers (as the lobby bench
 * sends Change Team), the answer read to its end; resolves with the status and the body's text
 * when `wantBody` (only the confirm's answer is read: its match_id says which confirmation was last).
 */
const agent = new Agent({ keepAlive: true });
function post(url, path, token, wantBody = false) {
  return new Promise((ok, fail) => {
    const req = request(
      url + path,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          accept: '*/*',
          'accept-language': '*',
          'sec-fetch-mode': 'cors',
          'user-agent': 'node',
          'accept-encoding': 'identity',
          'content-length': 0,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => wantBody && chunks.push(c));
        res.on('end', () => ok({ status: res.statusCode, body: wantBody ? Buffer.concat(chunks).toString() : '' }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

const courtPath = (route, courtId) => ROUTES[route].path.replace('{courtId}', String(courtId));
const sleepUntil = (t) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

/**
 * CPU (ms) of the APIs, the worker, PostgreSQL's backends and this process from now until the
 * answered function is called, and the APIs' write system calls: each round trip to PostgreSQL or
 * Redis, HTTP answer and socket flush is one, so per operation they count its round trips.
 */
async function cpuMeter(db, processes) {
  const apiWrites = () => processes.slice(0, 2).reduce((n, p) => n + (ioCalls(p.child.pid)?.writes ?? 0), 0);
  const before = { procs: processes.map((p) => cpuMs(p.child.pid) ?? 0), bench: process.cpuUsage(), pg: await pgCpu(db), writes: apiWrites() };
  return async () => {
    const bench = process.cpuUsage(before.bench);
    return {
      writes: apiWrites() - before.writes,
      apis: processes.slice(0, 2).reduce((n, p, i) => n + (cpuMs(p.child.pid) ?? 0) - before.procs[i], 0),
      worker: (cpuMs(processes[2].child.pid) ?? 0) - before.procs[2],
      pg: pgCpuBetween(before.pg, await pgCpu(db)),
      bench: (bench.user + bench.system) / 1000,
    };
  };
}

/**
 * EXPLAIN ANALYZE of "near me" as the API runs it: the courts repository's own statements
 * (backend/dist, handed a database that explains what it is given, as the reads bench does), for
 * a point in a metro and one in open country. Answers each plan's time, rows and scans.
 */
async function explainNear(db, viewerId) {
  const { CourtsRepository } = require(`${ROOT}/backend/dist/courts/courts.repository.js`);
  const plans = [];
  // Each statement is explained, then run for real: "near me" reads on only when its first
  // statement's read did not settle it, and what it reads then depends on what that answered.
  const query = async (text, params) => {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, params);
    plans.push(rows[0]['QUERY PLAN'][0]);
    return (await db.query(text, params)).rows;
  };
  const repo = new CourtsRepository({ query, driver: { master: { query: async ({ text, values }) => ({ rows: await query(text, values) }) } } });
  const radius = COURT_LIMITS.nearRadiusKm * 1000;
  const out = [];
  const places = [
    { label: 'in a metro', lat: METROS[0][0], lng: METROS[0][1] },
    { label: 'in open country', lat: 44.5, lng: -100.3 },
  ];
  for (const { label, lat, lng } of places) {
    plans.length = 0;
    const box = boundingBox({ lat, lng }, radius);
    await repo.nearby(viewerId, lat, lng, box, radius, COURT_LIMITS.nearLimit);
    const { rows: inBox } = await db.query(`SELECT count(*)::int AS n FROM courts c WHERE point(c.lng, c.lat) <@ box(point($1, $2), point($3, $4))`, [
      box.minLng,
      box.minLat,
      box.maxLng,
      box.maxLat,
    ]);
    const nodes = (n) => [n, ...(n.Plans ?? []).flatMap(nodes)];
    const near = plans;
    const all = near.flatMap((p) => nodes(p.Plan));
    const scans = [...new Set(all.filter((x) => /Scan/.test(x['Node Type'])).map((x) => `${x['Node Type']}${x['Index Name'] ? ` ${x['Index Name']}` : ''}`))];
    const seq = all.filter((x) => x['Node Type'] === 'Seq Scan' && x['Relation Name'] === 'courts').length;
    const ms = near.reduce((t, p) => t + p['Execution Time'], 0);
    out.push({ label, inBox: inBox[0].n, ms, rows: near[near.length - 1].Plan['Actual Rows'], scans, seq, statements: near.length });
  }
  return out;
}

function splitFigures() {
  const players = (n) => Array.from({ length: n }, (_, i) => ({ id: i + 1, rating: rating() }));
  const cases = [
    { label: '10 players alone', units: () => players(10).map((p) => ({ players: [p] })) },
    {
      label: '10 players, groups of 2 and 3',
      units: () => {
        const p = players(10);
        return [{ players: p.slice(0, 2) }, { players: p.slice(2, 5) }, ...p.slice(5).map((x) => ({ players: [x] }))];
      },
    },
  ];
  const results = [];
  for (const c of cases) {
    const inputs = Array.from({ length: SPLIT_RUNS }, c.units);
    for (let i = 0; i < 500; i += 1) balancedSplit(inputs[i % inputs.length], GAME_SIZE); // warm-up: the JIT, as a running API's
    const times = [];
    let splits = 0;
    let worst = 0;
    const cpu0 = process.cpuUsage();
    for (const units of inputs) {
      const t = process.hrtime.bigint();
      const s = balancedSplit(units, GAME_SIZE);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      splits = s.splits;
      worst = Math.max(worst, Math.abs(s.probabilityA - 0.5));
    }
    const cpu = process.cpuUsage(cpu0);
    results.push({ ...c, splits, worst, cpu: (cpu.user + cpu.system) / 1000 / inputs.length, ...summary(times) });
  }
  return results;
}

/** Courts near me through both instances; figures, and the plan of the repository's statements. */
async function nearPart(db, urls, processes, ids, tokens) {
  const points = Array.from({ length: 2000 }, (_, i) => {
    const [lat, lng] = position(i % 2 === 0 ? 1 : 0);
    return `${ROUTES.courts.path}?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}`;
  });
  const nearTokens = tokens.slice(0, 500);
  await drive(urls, { paths: points, seconds: 2, connections: NEAR_CONNECTIONS, tokens: nearTokens });
  const used = await cpuMeter(db, processes);
  const flat = await drive(urls, { paths: points, seconds: SECONDS, connections: NEAR_CONNECTIONS, tokens: nearTokens });
  const cpu = await used();
  console.log(
    `  courts near me flat out (GET ${ROUTES.courts.path}?lat&lng, ${NEAR_CONNECTIONS} connections on each instance, ${SECONDS} s, half the points in a metro): ${fmt(flat.rps)} req/s, p50 ${flat.p50} ms, p99 ${flat.p99} ms, ${flat.errors} not 2xx`,
  );
  console.log(
    `    CPU per request: both APIs ${((cpu.apis * 1000) / flat.samples).toFixed(0)} µs, PostgreSQL ${((cpu.pg * 1000) / flat.samples).toFixed(0)} µs; the APIs' write system calls per request ${(cpu.writes / flat.samples).toFixed(1)}   [${load()}]`,
  );
  const near = await pace(urls, { paths: points, seconds: SECONDS, rate: NEAR_RATE, connections: NEAR_CONNECTIONS, tokens: nearTokens });
  console.log(
    `  courts near me at ${NEAR_RATE} req/s (evenly spaced, ${Math.round((100 * NEAR_RATE) / flat.rps)} % of the flat-out rate, at most ${NEAR_CONNECTIONS} connections on each instance, ${SECONDS} s): p50 ${near.p50} ms, p99 ${near.p99} ms, ${near.errors} not 2xx   [${load()}]`,
  );
  for (const e of await explainNear(db, ids[0])) {
    console.log(
      `    EXPLAIN ANALYZE ${e.label}: near ${e.ms.toFixed(2)} ms in ${e.statements} statement(s) (${fmt(e.inBox)} courts in the box, ${e.rows} rows; ${e.scans.join(', ')}), favourites included`,
    );
    figure(`near-me query in PostgreSQL, ${e.label}`, e.ms, 'ms');
    if (e.seq) console.log(`    a sequential scan of courts ${e.label}: the index was not used`);
  }
  figure('courts near me req/s flat out', flat.rps);
  figure('courts near me p99 flat out', flat.p99, 'ms');
  figure('courts near me CPU per request, APIs', (cpu.apis * 1000) / flat.samples, 'µs');
  figure('courts near me CPU per request, PostgreSQL', (cpu.pg * 1000) / flat.samples, 'µs');
  return { ...near, errors: near.errors + flat.errors };
}

/**
 * The court page (GET /api/courts/{id}) as the phones read it again after each `court:changed`
 * (frontend courtQueries): each player reads their own court's, NEAR_CONNECTIONS connections on
 * each instance for 3 s after a 1 s warm-up. Its CPU per read is what each push costs the
 * servers again, once per phone at the court.
 */
async function pagePart(db, urls, processes, tokens, courtIds) {
  const n = COURTS * PER_COURT;
  const paths = Array.from({ length: n }, (_, phone) => courtPath('court', courtIds[Math.floor(phone / PER_COURT)]));
  const options = { paths, tokens: tokens.slice(0, n), connections: NEAR_CONNECTIONS };
  await drive(urls, { ...options, seconds: 1 });
  const used = await cpuMeter(db, processes);
  const page = await drive(urls, { ...options, seconds: 3 });
  const cpu = await used();
  const apis = (cpu.apis * 1000) / page.samples;
  const pg = (cpu.pg * 1000) / page.samples;
  console.log(
    `  court page (GET ${ROUTES.court.path}, a checked-in player's own): ${fmt(page.rps)} req/s, p50 ${page.p50} ms, p99 ${page.p99} ms, ${page.errors} not 2xx; CPU per read: both APIs ${apis.toFixed(0)} µs, PostgreSQL ${pg.toFixed(0)} µs; the APIs' write system calls per read ${(cpu.writes / page.samples).toFixed(1)}   [${load()}]`,
  );
  figure('court page read CPU, APIs', apis, 'µs');
  figure('court page read CPU, PostgreSQL', pg, 'µs');
  figure('court page read p99', page.p99, 'ms');
  return page;
}

/**
 * One socket per phone, player i on instance i % 2, in its court's room. `phones.changed(phone,
 * e)`, `.called(phone, e)`, `.lobby(phone, e)` are what the parts below set.
 */
async function connectPhones(urls, ids, tokens, courtIds) {
  const started = Date.now();
  const n = COURTS * PER_COURT;
  const phones = { sockets: [], changed: null, called: new Array(n).fill(null), lobby: new Array(n).fill(null), dropped: 0, retried: 0, closing: false };
  for (let i = 0; i < n; i += 200) {
    const batch = await Promise.all(
      ids.slice(i, Math.min(i + 200, n)).map(async (_, k) => {
        const phone = i + k;
        const courtId = courtIds[Math.floor(phone / PER_COURT)];
        const s = await connectWithRetry(urls[phone % 2], tokens[phone], `court:${courtId}`, phones);
        s.on('court:changed', (e) => e.court_id === courtId && phones.changed?.(phone, e));
        s.on('court:called', (e) => e.court_id === courtId && phones.called[phone]?.(e));
        s.on('court:lobby', (e) => e.court_id === courtId && phones.lobby[phone]?.(e));
        s.on('disconnect', () => !phones.closing && (phones.dropped += 1));
        return s;
      }),
    );
    phones.sockets.push(...batch);
  }
  console.log(
    `  ${fmt(phones.sockets.length)} sockets connected and in their courts' rooms in ${((Date.now() - started) / 1000).toFixed(1)} s (${phones.retried} connections tried again)   [${load()}]`,
  );
  return phones;
}

/**
 * A phone's socket in `room`; one the server ends before the join is answered tries again (as
 * socket.io-client would reconnect), up to 3 times. A refused join fails the bench.
 */
async function connectWithRetry(url, token, room, phones) {
  for (let attempt = 1; ; attempt += 1) {
    let s = null;
    try {
      s = await BenchSocket.connect(url, { token }, { readyOn: 'session:ready', timeoutMs: 60000 });
      const ack = await s.emitWithAck('room:join', room);
      if (ack?.ok) return s;
      if (ack) throw Object.assign(new Error(`${room} room join refused: ${ack.message}`), { fatal: true });
      throw new Error('socket ended before the join was answered');
    } catch (err) {
      s?.close();
      if (err.fatal || attempt === 3) throw err;
      phones.retried += 1;
    }
  }
}

/** Queue changes at every court, each timed to every phone there. */
async function changesPart(db, urls, processes, tokens, courtIds, phones) {
  const received = new Uint32Array(COURTS * PER_COURT);
  const committed = new Uint32Array(COURTS);
  const sentAt = new Float64Array(COURTS);
  const fromCommit = [];
  const fromTap = [];
  const started = Date.now() + 200;
  const timedFrom = started + WARMUP_MS;
  phones.changed = (phone, e) => {
    const now = Date.now();
    received[phone] += 1;
    if (e.at >= timedFrom) {
      fromCommit.push(now - e.at);
      fromTap.push(now - sentAt[Math.floor(phone / PER_COURT)]);
    }
  };
  // Court c's k-th change at started + (c / COURTS + k) × period.
  const period = (1000 * COURTS) / CHANGES_PER_SECOND;
  const changesPerCourt = Math.max(1, Math.floor((SECONDS * 1000) / period));
  const queued = Array.from({ length: COURTS }, () => new Set());
  const httpTimes = [];
  let refused = 0;
  const used = await cpuMeter(db, processes);
  const delay = loopDelay(10);
  await Promise.all(
    courtIds.map(async (courtId, c) => {
      for (let k = 0; k < changesPerCourt; k += 1) {
        await sleepUntil(started + (c / COURTS) * period + k * period);
        // Player 1..PER_COURT-1 in turn: in the queue → leaves it; out of it → joins.
        const p = 1 + (k % (PER_COURT - 1));
        const phone = c * PER_COURT + p;
        const leaving = queued[c].has(p);
        const t0 = Date.now();
        sentAt[c] = t0;
        const res = await post(urls[phone % 2], courtPath(leaving ? 'courtLeaveQueue' : 'courtJoinQueue', courtId), tokens[phone]);
        if (t0 >= timedFrom) httpTimes.push(Date.now() - t0);
        if (res.status !== 200) {
          refused += 1;
          continue;
        }
        committed[c] += 1;
        if (leaving) queued[c].delete(p);
        else queued[c].add(p);
      }
    }),
  );
  // Wait until every phone has every committed change's push, or DRAIN_MS.
  const expectedOf = (phone) => committed[Math.floor(phone / PER_COURT)];
  const drainUntil = Date.now() + DRAIN_MS;
  while (Date.now() < drainUntil && received.some((r, phone) => r < expectedOf(phone))) await new Promise((r) => setTimeout(r, 50));
  phones.changed = null;
  delay.disable();
  const cpu = await used();
  const changes = committed.reduce((a, b) => a + b, 0);
  let lost = 0;
  let extra = 0;
  received.forEach((r, phone) => {
    lost += Math.max(0, expectedOf(phone) - r);
    extra += Math.max(0, r - expectedOf(phone));
  });
  const commit = summary(fromCommit);
  const tap = summary(fromTap);
  const http = summary(httpTimes);
  const deliveries = changes * PER_COURT;
  const per = (ms, n = changes) => ((ms * 1000) / Math.max(1, n)).toFixed(0);
  console.log(
    `  queue changes: ${fmt(changes)} committed over ${SECONDS} s (${fmt(CHANGES_PER_SECOND)}/s, ${refused} refused), each to ${PER_COURT} phones: ${fmt(deliveries)} deliveries expected, ${fmt(deliveries - lost)} received, ${extra} more than expected`,
  );
  console.log(
    `    commit -> each phone at the court (after ${WARMUP_MS / 1000} s warm-up, ${fmt(commit.n)}): p50 ${commit.p50} ms, p99 ${commit.p99} ms, max ${commit.max} ms; tap (request sent) -> each phone: p50 ${tap.p50} ms, p99 ${tap.p99} ms, max ${tap.max} ms`,
  );
  console.log(`    join/leave queue HTTP round trip: p50 ${http.p50} ms, p99 ${http.p99} ms, max ${http.max} ms`);
  console.log(
    `    CPU per change: both APIs ${per(cpu.apis)} µs, PostgreSQL ${per(cpu.pg)} µs, worker ${per(cpu.worker)} µs; this bench ${per(cpu.bench)} µs (${((cpu.bench * 1000) / Math.max(1, deliveries)).toFixed(1)} µs per delivery); the APIs' write system calls per change ${(cpu.writes / Math.max(1, changes)).toFixed(1)}`,
  );
  console.log(
    `    this bench's own event-loop delay: p99 ${delay.percentile(99).toFixed(1)} ms, max ${delay.max().toFixed(1)} ms; sockets the server dropped so far: ${phones.dropped}   [${load()}]`,
  );
  const serverMs = (cpu.apis + cpu.pg + cpu.worker) / Math.max(1, changes);
  console.log(`    at ${serverMs.toFixed(1)} ms of server CPU a change, two cores carry ~${fmt(2000 / serverMs)} changes/s before the phones read the page again`);
  figure('queue changes committed', changes);
  figure('queue change: tap -> each phone p99', tap.p99, 'ms');
  figure('join/leave queue round trip p99', http.p99, 'ms');
  figure('queue change CPU, APIs', Number(per(cpu.apis)), 'µs');
  figure('queue change CPU, PostgreSQL', Number(per(cpu.pg)), 'µs');
  figure('queue change CPU, this bench per delivery', (cpu.bench * 1000) / Math.max(1, deliveries), 'µs');
  return { commit, lost, failed: refused > 0 || lost > 0 };
}

/** Calling next at every court, CALL_ROUNDS times, each called phone confirming soon after. */
async function callsPart(db, urls, processes, ids, tokens, courtIds, sessions, phones) {
  await db.query(`DELETE FROM court_queue WHERE session_id = ANY($1)`, [sessions]);
  await db.query(`DELETE FROM court_groups WHERE session_id = ANY($1)`, [sessions]);
  const calls = [];
  let callRefused = 0;
  let confirmRefused = 0;
  let lobbyLost = 0;
  const used = await cpuMeter(db, processes);
  for (let round = 0; round < CALL_ROUNDS; round += 1) {
    // Ten of each court's players (by round, wrapping), in queue order: a group of 2, a group of 3, five alone.
    const base = (round * 2 * GAME_SIZE) % PER_COURT;
    const pick = (c) => Array.from({ length: 2 * GAME_SIZE }, (_, j) => c * PER_COURT + ((base + j) % PER_COURT));
    await seedCallQueues(
      db,
      sessions,
      courtIds.map((_, c) => pick(c).map((phone) => ids[phone])),
    );
    const roundStarted = Date.now() + 200;
    await Promise.all(
      courtIds.map(async (courtId, c) => {
        await sleepUntil(roundStarted + (c * 1000) / CALL_RATE);
        const called = pick(c);
        const call = { called: [], lobby: [], matchIds: new Set(), lastConfirmAt: 0, t0: 0 };
        const done = new Promise((finish) => {
          const timer = setTimeout(() => finish(false), LOBBY_TIMEOUT_MS);
          for (const phone of called) {
            phones.called[phone] = () => {
              phones.called[phone] = null;
              call.called.push(Date.now());
              setTimeout(() => {
                const t = Date.now();
                post(urls[phone % 2], courtPath('courtConfirm', courtId), tokens[phone], true).then(
                  (res) => {
                    if (res.status !== 200) confirmRefused += 1;
                    else if (JSON.parse(res.body).match_id) call.lastConfirmAt = t;
                  },
                  () => (confirmRefused += 1),
                );
              }, random() * CONFIRM_SPREAD_MS);
            };
            phones.lobby[phone] = (e) => {
              phones.lobby[phone] = null;
              call.lobby.push(Date.now());
              call.matchIds.add(e.match_id);
              if (call.lobby.length === called.length) {
                clearTimeout(timer);
                finish(true);
              }
            };
          }
        });
        const host = c * PER_COURT;
        call.t0 = Date.now();
        const res = await post(urls[host % 2], courtPath('courtCallNext', courtId), tokens[host]);
        if (res.status !== 200) {
          callRefused += 1;
          called.forEach((phone) => ((phones.called[phone] = null), (phones.lobby[phone] = null)));
          return;
        }
        if (!(await done)) lobbyLost += called.length - call.lobby.length;
        // The creating confirmation's answer may come after the last lobby push.
        const answeredBy = Date.now() + 5000;
        while (!call.lastConfirmAt && Date.now() < answeredBy) await new Promise((r) => setTimeout(r, 20));
        calls.push(call);
      }),
    );
  }
  const cpu = await used();
  const complete = calls.filter((c) => c.lobby.length === 2 * GAME_SIZE && c.lastConfirmAt);
  const toCalled = summary(complete.map((c) => Math.max(...c.called) - c.t0));
  const toLobby = summary(complete.map((c) => Math.max(...c.lobby) - c.t0));
  const confirmToLobby = summary(complete.map((c) => Math.max(...c.lobby) - c.lastConfirmAt));
  const oneMatch = complete.filter((c) => c.matchIds.size === 1).length;
  const { rows: made } = await db.query(
    `SELECT count(*)::int AS n, avg(abs(g.win_probability - 0.5))::float8 AS off, count(*) FILTER (WHERE x.ranked)::int AS ranked
       FROM court_games g JOIN matches x ON x.id = g.match_id WHERE g.court_id = ANY($1)`,
    [courtIds],
  );
  const per = (ms) => (ms / Math.max(1, calls.length)).toFixed(1);
  console.log(
    `  calling next: ${calls.length} calls (${CALL_ROUNDS} rounds over ${COURTS} courts, ${CALL_RATE}/s; a group of 2, a group of 3 and five alone each; ${callRefused} calls and ${confirmRefused} confirmations refused); ${made[0].n} matches made (${made[0].ranked} ranked), ${oneMatch} calls whose ten phones all went to one lobby; Team A's odds ${(made[0].off * 100).toFixed(1)} points from 50 % on average`,
  );
  console.log(`    call -> every called phone has court:called: p50 ${toCalled.p50} ms, p99 ${toCalled.p99} ms, max ${toCalled.max} ms`);
  console.log(
    `    call -> every called phone has court:lobby (confirming within ${CONFIRM_SPREAD_MS} ms of being called): p50 ${toLobby.p50} ms, p99 ${toLobby.p99} ms, max ${toLobby.max} ms`,
  );
  console.log(`    last confirmation -> every called phone has court:lobby: p50 ${confirmToLobby.p50} ms, p99 ${confirmToLobby.p99} ms, max ${confirmToLobby.max} ms`);
  console.log(
    `    CPU per call (the call, 10 confirmations, their pushes): both APIs ${per(cpu.apis)} ms, PostgreSQL ${per(cpu.pg)} ms, worker ${per(cpu.worker)} ms; the APIs' write system calls per call ${per(cpu.writes)}   [${load()}]`,
  );
  figure('call -> every called phone has court:lobby p99', toLobby.p99, 'ms');
  figure('call with 10 confirmations CPU, APIs', Number(per(cpu.apis)), 'ms');
  figure('call with 10 confirmations CPU, PostgreSQL', Number(per(cpu.pg)), 'ms');
  const failed = callRefused > 0 || confirmRefused > 0 || lobbyLost > 0 || oneMatch !== calls.length || made[0].n !== calls.length;
  return { toCalled, confirmToLobby, lobbyLost, failed };
}

async function main() {
  const { database, services, env } = await benchStack('gotnext_bench_courts');
  const db = new Client({ connectionString: services.databaseUrl });
  const processes = [];
  let phones = null;
  let failed = false;
  const verdicts = [];
  try {
    console.log(`courts bench: ${COURTS} courts × ${PER_COURT} checked-in players, ${fmt(NEAR_COURTS)} courts in all, 2 API instances + worker   [${load()}]`);
    // The split first: it is this process alone, before the stack loads the machine.
    if (PARTS.has('split')) {
      for (const s of splitFigures()) {
        console.log(
          `  balanced split, ${s.label} (${s.splits} splits, ${fmt(SPLIT_RUNS)} runs): p50 ${s.p50.toFixed(3)} ms, p99 ${s.p99.toFixed(3)} ms, max ${s.max.toFixed(3)} ms, CPU ${s.cpu.toFixed(3)} ms a split; furthest from 50 %: ${(s.worst * 100).toFixed(1)} points`,
        );
        figure(`balanced split, ${s.label}, CPU`, s.cpu, 'ms');
        verdicts.push(() => verdict(`balanced split, ${s.label} (${s.splits} splits) p99`, s.p99, '<=', 5, ' ms'));
      }
    }

    await exec('node', ['backend/dist/database/migrate.js'], env);
    await db.connect();
    const seedStarted = Date.now();
    const { ids, tokens } = await seedPlayers(db, env.JWT_SECRET, COURTS * PER_COURT);
    await db.query(`INSERT INTO ratings (pool, user_id, rating, games) SELECT 'overall', unnest($1::int[]), unnest($2::float8[]), 20`, [ids, ids.map(() => rating())]);
    const courtIds = await seedCourts(db, ids[0]);
    const sessions = await seedRuns(db, courtIds, ids);
    await db.query('ANALYZE');
    console.log(`  seeded ${fmt(ids.length)} players, ${fmt(NEAR_COURTS)} courts, ${COURTS} open runs in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

    const apiEnv = { ...env, SOCKET_EVENTS_PER_SECOND: '1000' };
    const apis = [startApi(apiEnv, await freePort()), startApi(apiEnv, await freePort())];
    processes.push(...apis, startWorker(apiEnv));
    await Promise.all(apis.map((a) => waitReady(a.url, 180000))); // a busy shared machine boots them slowly
    const urls = apis.map((a) => a.url);

    if (PARTS.has('near')) {
      const near = await nearPart(db, urls, processes, ids, tokens);
      if (near.errors) failed = true;
      verdicts.push(() => verdict(`courts near me over ${fmt(NEAR_COURTS)} courts at ${NEAR_RATE} req/s p99`, near.p99, '<=', 20, ' ms'));
    }
    if (PARTS.has('page')) {
      const page = await pagePart(db, urls, processes, tokens, courtIds);
      if (page.errors) failed = true;
    }
    if (PARTS.has('changes') || PARTS.has('calls')) phones = await connectPhones(urls, ids, tokens, courtIds);
    if (PARTS.has('changes')) {
      const r = await changesPart(db, urls, processes, tokens, courtIds, phones);
      failed ||= r.failed;
      verdicts.push(
        () => verdict('queue change: commit -> every phone at the court p99', r.commit.p99, '<=', 50, ' ms'),
        () => verdict('queue change pushes lost', r.lost, '<=', 0),
      );
    }
    if (PARTS.has('calls')) {
      const r = await callsPart(db, urls, processes, ids, tokens, courtIds, sessions, phones);
      failed ||= r.failed;
      verdicts.push(
        () => verdict('call next -> court:called on every called phone p99', r.toCalled.p99, '<=', 300, ' ms'),
        () => verdict('last confirmation -> lobby created and on every called phone p99', r.confirmToLobby.p99, '<=', 300, ' ms'),
        () => verdict('lobby pushes lost', r.lobbyLost, '<=', 0),
      );
    }
    verdicts.forEach((v) => v());
    if (failed) process.exitCode = 1;
  } finally {
    if (phones) phones.closing = true;
    phones?.sockets.forEach((s) => s.close());
    agent.destroy();
    await stopProcesses(processes);
    await db.end().catch(() => {});
    await cleanUp(services, database, database);
  }
}

/**
 * Each court's queue as a call finds it: `players[c]` (ten) in order, the first two a group, the
 * next three a group (their leaders first, as the API forms groups), the last five alone.
 */
async function seedCallQueues(db, sessions, players) {
  const groups = [];
  sessions.forEach((s, c) => groups.push({ s, leader: players[c][0], members: players[c].slice(0, 2) }, { s, leader: players[c][2], members: players[c].slice(2, 5) }));
  const { rows } = await db.query(
    `INSERT INTO court_groups (session_id, leader_id) SELECT s, l FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS t(s, l, o) ORDER BY o RETURNING id`,
    [groups.map((g) => g.s), groups.map((g) => g.leader)],
  );
  const members = groups.flatMap((g, i) => g.members.map((u) => [rows[i].id, u]));
  await db.query(`INSERT INTO court_group_members (group_id, user_id, accepted) SELECT unnest($1::int[]), unnest($2::int[]), true`, [
    members.map((m) => m[0]),
    members.map((m) => m[1]),
  ]);
  const groupOf = new Map(members.map(([g, u]) => [u, g]));
  const q = { s: [], u: [], g: [], place: [] };
  sessions.forEach((s, c) =>
    players[c].forEach((u, j) => {
      q.s.push(s);
      q.u.push(u);
      q.g.push(groupOf.get(u) ?? null);
      q.place.push(j < 2 ? 0 : j < 5 ? 1 : j - 3); // a group shares one place in line
    }),
  );
  // Places in line: one sequence value per place, in order, so the groups keep theirs.
  await db.query(
    `WITH t AS (SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS t(s, u, g, p)),
          places AS (SELECT s, p, nextval('court_queue_seq') AS seq FROM (SELECT DISTINCT s, p FROM t ORDER BY s, p) d)
     INSERT INTO court_queue (session_id, user_id, seq, group_id) SELECT t.s, t.u, places.seq, t.g FROM t JOIN places USING (s, p)`,
    [q.s, q.u, q.g, q.place],
  );
}

export { seedCourts, METROS };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startRecord();
  main().catch((err) => {
    console.error(`courts bench failed: ${err?.stack ?? err}`);
    process.exit(1);
  });
}
