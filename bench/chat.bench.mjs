// Chat benchmark: direct messages and league chat, sent over HTTP (POST /api/send-message,
// /api/leagues/chat) and over the socket (`message:send`, `league-chat:send`), delivered over
// sockets, with 1, 2 and 3 API instances in turn (docs/scaling.md reads its per-instance figures).
//
// How it runs: it needs the compiled backend (scripts/bench.mjs builds it). One throw-away
// database and Redis prefix; BENCH_PAIRS (default 100) pairs of friends and BENCH_LEAGUES
// (default 10) leagues of 10 members are seeded with SQL (with sessions and tokens, as login
// would issue them), among quiet players up to BENCH_CHAT_PLAYERS (default 100,000; before
// 2026-11-29 there were none) with friends, leagues, a few blocks and devices of their own
// (seedQuietWorld below). For each instance count in BENCH_CHAT_INSTANCES (default 1,2,3) that many
// real API processes start on the Socket.IO Redis adapter; every player opens one socket (through
// socket-client.mjs, the Socket.IO protocol without socket.io-client's layers, which were a third
// of this process's CPU on the machine the APIs share), player i on instance i % N, league
// members join their league's room. Then BENCH_CONCURRENCY (default 48) senders run for
// BENCH_SECONDS (default 8), after a warm-up (WARMUP_MS below): each sender owns some
// conversations and sends into them in turn, one message at a time per conversation (so the
// order of a conversation is defined). The load is closed-loop: a sender waits for its message's
// answer before its next, so at most BENCH_CONCURRENCY messages are in flight (at most one per
// conversation; more senders than the 110 conversations add nothing) and messages/s is that
// window over the mean answer time. 48 offers 5,000 messages/s whenever the mean answer takes
// ≤ 9.6 ms (Little's law); 32 capped the rate at ~4,500/s at the ~7 ms the socket answered in,
// with both cores not yet busy (docs/scaling.md#the-chat-benchs-offered-load has the curve).
// CPU per message falls as the window grows (larger batches per event-loop turn): compare
// figures at the same window (BENCH_CONCURRENCY=32 for runs before 2026-11-27 08:40 UTC). Over
// HTTP each message goes to the instance that holds its sender's socket, as the bundled nginx
// routes a phone (`hash $remote_addr`, docker/nginx.conf: a player's calls and socket reach one
// instance); BENCH_CHAT_HTTP_ROUTE=round-robin sends each message through the next instance
// instead, as a load balancer that is not sticky would (the default before 2026-11-28 06:00 UTC;
// bench/README.md#how-the-benches-are-built). Over the socket each message goes through the sender's own
// socket (acked after the row committed). Each instance
// count runs once per way of sending in BENCH_CHAT_VIA (default http,socket). The per-sender send
// limit (CHAT_SEND_LIMIT) and the per-socket event budget (SOCKET_EVENTS_PER_SECOND) are lifted
// since every message comes from few players; the limiter still runs on every send, so its cost
// is counted (the same as under the real limit since it counts in fixed slots: the sorted-set log
// it replaced grew to a member per send, which the lifted limit overstated).
//
// BENCH_CHAT_LOOP=open (or closed,open) runs an open loop instead (or as well): BENCH_CHAT_RATE
// (default 5,000) messages/s offered on a fixed schedule, one in flight per conversation, each
// message's latencies counted from when it was due (a late send still counts its wait), which is
// the latency at that rate rather than at the closed loop's saturation. Not in the default run: at
// 5,000/s this 2-core machine is at capacity and the queue, not the path, sets p99
// (docs/scaling.md#the-chat-benchs-offered-load).
//
// Printed per run: messages/s and deliveries/s (in total and per instance), latency from the
// send to each receipt (p50/p99/max), lost, duplicated and out-of-order deliveries, and where
// the time goes: the HTTP answer, the time to the start of the statement that stored the row (its
// `created_at`, PostgreSQL's now(): when that statement's transaction began, not when it
// committed; the commit, the push and the answer all come after it), and CPU per message of the APIs,
// PostgreSQL and Redis (from /proc) and of this bench itself.
//
// Targets (issue 13): 5,000 messages/s, 10,000 deliveries/s, p99 send → receipt ≤ 15 ms with two
// instances (TARGET_INSTANCES); 0 lost, 0 duplicated, order kept per conversation with any count.
import net from 'node:net';
import { createRequire } from 'node:module';
import { BenchSocket } from './socket-client.mjs';
import { figure, setScope, startRecord } from './lib/results.mjs';
import { benchStack, cleanUp, cpuMs, exec, fmt, freePort, load, seedPlayers, seedQuietPlayers, startApi, stopProcesses, summary, verdict, waitReady } from './support.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { createClient } = require('redis');

const PAIRS = Number(process.env.BENCH_PAIRS || 100);
const LEAGUES = Number(process.env.BENCH_LEAGUES || 10);
const LEAGUE_SIZE = 10;
const PLAYERS = Number(process.env.BENCH_CHAT_PLAYERS ?? 100000);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
// Untimed sending before the timed seconds: each run starts new API processes, and V8 was still
// compiling their hot paths for ~10 s (perf, 2 instances over HTTP: the optimizing compiler took
// 12, 32, 21, 10, 3 and 0.5 % of the APIs' CPU in successive 2 s windows from the first send), so
// the 2 s used before 2026-11-27 15:30 UTC timed that compiling too, on the cores the send
// shares. 8 s times the processes warm, as a server that has run for an hour is.
const WARMUP_MS = Number(process.env.BENCH_CHAT_WARMUP_MS || 8000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 48);
const INSTANCE_COUNTS = (process.env.BENCH_CHAT_INSTANCES || '1,2,3').split(',').map(Number).filter(Boolean);
/**
 * The instance count the rate and p99 targets are set for (issue 13: "two API instances on the
 * Redis adapter"). The other counts are the scale run (docs/scaling.md#what-adding-an-instance-buys):
 * their rate and p99 are printed as figures; lost, duplicated and order are held at every count.
 */
const TARGET_INSTANCES = 2;
const VIAS = (process.env.BENCH_CHAT_VIA || 'http,socket').split(',').filter((v) => v === 'http' || v === 'socket');
const OFFERED = Number(process.env.BENCH_CHAT_RATE || 5000);
/** 'sticky' (a player's requests reach the instance of their socket) or 'round-robin' (request by request). */
const HTTP_ROUTE = process.env.BENCH_CHAT_HTTP_ROUTE === 'round-robin' ? 'round-robin' : 'sticky';
const LOOPS = (process.env.BENCH_CHAT_LOOP || 'closed').split(',').filter((l) => l === 'closed' || l === 'open');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A player's socket, open once the server said `session:ready`. */
const connect = (url, token) => BenchSocket.connect(url, { token }, { readyOn: 'session:ready' });

async function seed(db, secret) {
  const { ids, tokens } = await seedPlayers(db, secret, PAIRS * 2 + LEAGUES * LEAGUE_SIZE);
  await seedQuietWorld(db, await seedQuietPlayers(db, PLAYERS - ids.length));
  const pairs = [];
  for (let p = 0; p < PAIRS; p += 1) pairs.push([ids[2 * p], ids[2 * p + 1]]);
  await db.query(`INSERT INTO friendships (user_low, user_high) SELECT LEAST(a, b), GREATEST(a, b) FROM unnest($1::int[], $2::int[]) AS t(a, b)`, [
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  ]);
  const leagues = [];
  for (let l = 0; l < LEAGUES; l += 1) {
    const members = ids.slice(PAIRS * 2 + l * LEAGUE_SIZE, PAIRS * 2 + (l + 1) * LEAGUE_SIZE);
    const {
      rows: [league],
    } = await db.query(`INSERT INTO leagues (name, creator_id) VALUES ($1, $2) RETURNING id`, [`Bench league ${l}`, members[0]]);
    await db.query(`INSERT INTO league_members (league_id, user_id, can_edit_settings) SELECT $1, unnest($2::int[]), false`, [league.id, members]);
    leagues.push({ id: league.id, members });
  }
  const tokenOf = new Map(ids.map((id, i) => [id, tokens[i]]));
  return { ids, pairs, leagues, tokenOf };
}

/**
 * What the quiet players have: each a friend, one in ten a league of ten, one in a hundred a block
 * and one in ten a device, so that every table a send reads is a server's size and PostgreSQL
 * looks each message's facts up by index, as it would there
 * (docs/scaling.md#each-messages-facts-by-index). On the active players' rows alone it read
 * `friendships` and `league_members` whole (100 rows, once per statement) and walked empty
 * `blocks` and `push_subscriptions`, neither of which a server with this rate of messages does.
 * The active players have no block and no device, so no message is refused or pushed.
 */
async function seedQuietWorld(db, quiet) {
  if (!quiet.length) return;
  await db.query(
    `INSERT INTO friendships (user_low, user_high) SELECT LEAST(a, b), GREATEST(a, b) FROM unnest($1::int[]) WITH ORDINALITY AS t(a, n), LATERAL (SELECT ($1::int[])[n + 1] AS b) x WHERE n % 2 = 1 AND b IS NOT NULL`,
    [quiet],
  );
  const tag = String(quiet[0]);
  const { rows: leagues } = await db.query(
    `INSERT INTO leagues (name, creator_id) SELECT 'Quiet league ' || $2 || '-' || n, ($1::int[])[n * ${LEAGUE_SIZE} + 1] FROM generate_series(0, cardinality($1::int[]) / ${LEAGUE_SIZE * 10} - 1) n RETURNING id`,
    [quiet, tag],
  );
  await db.query(
    `INSERT INTO league_members (league_id, user_id) SELECT l.id, ($1::int[])[(l.n - 1) * ${LEAGUE_SIZE} + m]
       FROM unnest($2::int[]) WITH ORDINALITY AS l(id, n), generate_series(1, ${LEAGUE_SIZE}) m`,
    [quiet, leagues.map((l) => l.id)],
  );
  await db.query(
    `INSERT INTO blocks (blocker_id, blocked_id) SELECT q, ($1::int[])[n + 50] FROM unnest($1::int[]) WITH ORDINALITY AS t(q, n) WHERE n % 100 = 1 AND n + 50 <= cardinality($1::int[])`,
    [quiet],
  );
  await db.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) SELECT q, 'https://push.bench.test/' || q, 'k', 'a' FROM unnest($1::int[]) WITH ORDINALITY AS t(q, n) WHERE n % 10 = 1`,
    [quiet],
  );
}

/** CPU (ms) so far of PostgreSQL's backends serving this database and of the Redis server. */
async function serviceCpu(db, redis) {
  const { rows } = await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  const pg = rows.reduce((n, r) => n + (cpuMs(r.pid) ?? 0), 0);
  const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
  return { pg, pgPids: rows.map((r) => r.pid), redis: cpuMs(pid) ?? NaN };
}

// The HTTP client: plain HTTP/1.1 on kept TCP connections, one request at a time on each (the
// way autocannon, which the other benches use, talks to the API). Node's global fetch (undici with
// its defaults) cost this process ~310–650 µs of CPU per message, node:http on a keep-alive Agent
// ~45 µs more than a socket send; this costs about what a socket send does, so the CPU and rate
// figures are the server's. An answer must carry content-length (Fastify's JSON answers do).
class KeptConnection {
  constructor(url, pool) {
    const { hostname, port } = new URL(url);
    this.host = `${hostname}:${port}`;
    this.pool = pool;
    this.buf = null;
    this.waiting = null;
    this.socket = net.connect(Number(port), hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (d) => this.onData(d));
    const gone = (err) => {
      const i = this.pool.indexOf(this);
      if (i >= 0) this.pool.splice(i, 1);
      const w = this.waiting;
      this.waiting = null;
      w?.fail(err ?? new Error('HTTP connection closed'));
    };
    this.socket.on('error', gone);
    this.socket.on('close', () => gone());
  }

  post(path, token, payload) {
    return new Promise((ok, fail) => {
      this.waiting = { ok, fail };
      this.socket.write(
        `POST ${path} HTTP/1.1\r\nhost: ${this.host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\nauthorization: Bearer ${token}\r\n\r\n${payload}`,
      );
    });
  }

  onData(d) {
    this.buf = this.buf ? Buffer.concat([this.buf, d]) : d;
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buf.toString('latin1', 0, end);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const w = this.waiting;
    if (!length) {
      this.socket.destroy();
      w?.fail(new Error(`answer without content-length: ${head}`));
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buf.length < total) return;
    const body = this.buf.toString('utf8', end + 4, total);
    this.buf = this.buf.length > total ? this.buf.subarray(total) : null;
    this.waiting = null;
    if (/\r\nconnection:\s*close/i.test(head)) this.socket.end();
    else this.pool.push(this);
    w?.ok({ status: Number(head.slice(9, 12)), body });
  }
}
const keptConnections = new Map(); // API url -> idle connections
const closeKeptConnections = () => {
  for (const pool of keptConnections.values()) pool.splice(0).forEach((k) => k.socket.destroy());
};

/** Sends one message over HTTP; answers the stored message, or `{ refused }` (printed). */
async function sendHttp(api, token, c, body) {
  const payload = JSON.stringify(c.kind === 'dm' ? { recipient_id: c.to, content: body } : { league_id: c.league, message: body });
  if (!keptConnections.has(api.url)) keptConnections.set(api.url, []);
  const pool = keptConnections.get(api.url);
  const conn = pool.pop() ?? new KeptConnection(api.url, pool);
  const res = await conn.post(c.kind === 'dm' ? '/api/send-message' : '/api/leagues/chat', token, payload);
  const json = JSON.parse(res.body);
  return res.status === 201 ? json.chat_message : { refused: `${res.status}: ${JSON.stringify(json)}` };
}

/** Sends one message over the sender's socket; answers the stored message from the ack, or the refusal. */
async function sendSocket(socket, c, body) {
  const ack =
    c.kind === 'dm'
      ? await socket.emitWithAck('message:send', { recipient_id: c.to, content: body })
      : await socket.emitWithAck('league-chat:send', { league_id: c.league, message: body });
  return ack?.ok ? ack.chat_message : { refused: JSON.stringify(ack) };
}

async function run(instances, via, loop, env, world, db, redis) {
  const apis = [];
  const sockets = [];
  try {
    for (let i = 0; i < instances; i += 1) apis.push(startApi(env, await freePort()));
    await Promise.all(apis.map((a) => waitReady(a.url)));

    // Receipts: per conversation, what each socket owner received, by sequence number. Arrays and
    // small maps by number, not maps keyed by `${owner}|${body}` strings: those grew by a few
    // hundred thousand keys a run and cost this process (which shares the two cores with the
    // APIs) ~11 % of its CPU in hashing and ~5 % in collecting them (cpu-prof, 2026-11-28).
    let timedFrom = Infinity;
    const conversationOf = new Map(); // conversation key -> conversation, filled before the first send
    const latencies = [];
    let deliveries = 0;
    let duplicates = 0;
    let outOfOrder = 0;
    const receive = (owner, body) => {
      const now = Date.now();
      const hash = typeof body === 'string' ? body.indexOf('#') : -1;
      const c = hash > 0 ? conversationOf.get(body.slice(0, hash)) : undefined;
      if (!c) return; // not one of ours
      const seq = Number(body.slice(hash + 1));
      let got = c.receivedBy.get(owner);
      if (!got) c.receivedBy.set(owner, (got = { last: -1, seen: new Uint8Array(1024) }));
      if (seq >= got.seen.length) {
        const grown = new Uint8Array(Math.max(seq + 1, got.seen.length * 2));
        grown.set(got.seen);
        got.seen = grown;
      }
      if (got.seen[seq]) {
        duplicates += 1;
        return;
      }
      got.seen[seq] = 1;
      deliveries += 1;
      if (got.last > seq) outOfOrder += 1;
      got.last = seq;
      const t0 = c.sentAt[seq];
      if (t0 >= timedFrom) latencies.push(now - t0);
    };
    let k = 0;
    const socketOf = new Map();
    const instanceOf = new Map(); // player -> the API holding their socket (where sticky HTTP goes)
    for (const id of world.ids) {
      const api = apis[k++ % instances];
      const s = await connect(api.url, world.tokenOf.get(id));
      sockets.push(s);
      socketOf.set(id, s);
      instanceOf.set(id, api);
      s.on('message:new', (m) => receive(id, m.message));
      s.on('league:message', (m) => receive(id, m.message));
    }
    for (const league of world.leagues) {
      for (const member of league.members) {
        const s = sockets[world.ids.indexOf(member)];
        const ack = await new Promise((ok) => s.emit('room:join', `league:${league.id}`, ok));
        if (!ack?.ok) throw new Error(`league room join refused: ${JSON.stringify(ack)}`);
      }
    }

    // Conversations: every direct pair (one direction) and every league; sender w owns those with
    // index % CONCURRENCY === w and sends into them in turn, so each has one message in flight.
    const conversations = [];
    world.pairs.forEach(([a, b], p) => conversations.push({ key: `dm${p}`, kind: 'dm', from: p % 2 ? b : a, to: p % 2 ? a : b, seq: 0, expect: 2 }));
    world.leagues.forEach((l, i) => conversations.push({ key: `lg${i}`, kind: 'league', league: l.id, from: l.members[1 + (i % (LEAGUE_SIZE - 1))], seq: 0, expect: LEAGUE_SIZE }));
    // sentAt[seq]: when each message was due; receivedBy: owner -> { last seq, seen seqs }.
    for (const c of conversations) {
      c.sentAt = [];
      c.receivedBy = new Map();
      conversationOf.set(c.key, c);
    }

    let sent = 0;
    let timedSent = 0;
    let expected = 0;
    let failed = 0;
    const http = [];
    const toStatement = [];
    let stop = false;
    let send = 0;
    const started = Date.now();
    timedFrom = started + WARMUP_MS;
    const cpu0 = { apis: apis.map((a) => cpuMs(a.child.pid)), bench: process.cpuUsage(), ...(await serviceCpu(db, redis)) };
    let cpuAtTimed = null;
    /** Sends the conversation's next message; its latencies count from `t0` (when it was due). */
    const sendOne = async (c, t0) => {
      const seq = c.seq++;
      const body = `${c.key}#${seq}`;
      c.sentAt[seq] = t0;
      const stored =
        via === 'http'
          ? await sendHttp(HTTP_ROUTE === 'sticky' ? instanceOf.get(c.from) : apis[send++ % instances], world.tokenOf.get(c.from), c, body)
          : await sendSocket(socketOf.get(c.from), c, body);
      const answered = Date.now();
      if (stored.refused) {
        failed += 1;
        if (failed < 5) console.error(`  send refused ${stored.refused}`);
        return;
      }
      sent += 1;
      expected += c.expect;
      if (t0 >= timedFrom) {
        timedSent += 1;
        http.push(answered - t0);
        toStatement.push(new Date(stored.timestamp).getTime() - t0);
      }
    };
    // Closed loop: sender w owns the conversations with index % CONCURRENCY === w, in turn.
    const sender = async (w) => {
      const mine = conversations.filter((_, i) => i % CONCURRENCY === w);
      for (let turn = 0; !stop && mine.length; turn += 1) await sendOne(mine[turn % mine.length], Date.now());
    };
    // Open loop: conversation i's k-th message is due at (k × conversations + i) / OFFERED s, one in
    // flight per conversation; a late one goes at once and still counts from when it was due.
    const paced = async (c, i) => {
      for (let k = 0; !stop; k += 1) {
        const due = Math.round(started + ((k * conversations.length + i) * 1000) / OFFERED);
        if (due > Date.now()) await sleep(due - Date.now());
        if (!stop) await sendOne(c, due);
      }
    };
    setTimeout(async () => {
      cpuAtTimed = { apis: apis.map((a) => cpuMs(a.child.pid)), bench: process.cpuUsage(), ...(await serviceCpu(db, redis)) };
    }, WARMUP_MS);
    const senders = loop === 'open' ? conversations.map(paced) : Array.from({ length: CONCURRENCY }, (_, w) => sender(w));
    await new Promise((r) => setTimeout(r, WARMUP_MS + SECONDS * 1000));
    stop = true;
    // Counted: the messages sent from timedFrom until now (their answers may come later).
    const elapsed = (Date.now() - timedFrom) / 1000;
    await Promise.all(senders);
    const cpu1 = { apis: apis.map((a) => cpuMs(a.child.pid)), bench: process.cpuUsage(), ...(await serviceCpu(db, redis)) };
    // Let the last pushes land (bounded), then count.
    for (let waited = 0; waited < 5000 && deliveries < expected; waited += 50) await new Promise((r) => setTimeout(r, 50));
    const lost = Math.max(0, expected - deliveries);

    const base = cpuAtTimed ?? cpu0;
    const perMsg = (ms) => ((ms * 1000) / Math.max(1, timedSent)).toFixed(0);
    const apiCpu = apis.reduce((n, a, i) => n + cpu1.apis[i] - base.apis[i], 0);
    const benchCpu = (cpu1.bench.user + cpu1.bench.system - base.bench.user - base.bench.system) / 1000;
    const lat = summary(latencies);
    const h = summary(http);
    const c = summary(toStatement);
    const rate = timedSent / elapsed;
    const deliveryRate = latencies.length / elapsed;
    const route = HTTP_ROUTE === 'sticky' ? 'each player to the instance of their socket' : 'round robin, request by request';
    const sentOver = via === 'http' ? `HTTP (${route})` : 'the socket';
    const offered = loop === 'open' ? `${fmt(OFFERED)} msg/s offered (open loop; latency from when each was due)` : `${CONCURRENCY} senders (closed loop)`;
    console.log(`\n  ${instances} API instance(s), sent over ${sentOver}: ${sockets.length} sockets, ${offered}, ${SECONDS} s timed   [${load()}]`);
    console.log(
      `    messages: ${fmt(rate)}/s (${fmt(rate / instances)}/s per instance); deliveries: ${fmt(deliveryRate)}/s (${fmt(deliveryRate / instances)}/s per instance); sent ${sent}, refused ${failed}`,
    );
    console.log(`    send -> receipt: p50 ${lat.p50} ms, p99 ${lat.p99} ms, max ${lat.max} ms (${lat.n} timed deliveries)`);
    console.log(
      `    where the time goes: send -> its statement began (created_at) p50 ${c.p50} ms, p99 ${c.p99} ms; ${via === 'http' ? 'HTTP answer' : 'ack'} p50 ${h.p50} ms, p99 ${h.p99} ms`,
    );
    console.log(
      `    CPU per message: APIs ${perMsg(apiCpu)} µs, PostgreSQL ${perMsg(cpu1.pg - base.pg)} µs (backends of this database), Redis ${perMsg(cpu1.redis - base.redis)} µs, this bench (${via === 'http' ? 'HTTP' : 'sending'} + socket clients) ${perMsg(benchCpu)} µs`,
    );
    setScope(`${instances} instance(s), ${via}${loop === 'open' ? ', open loop' : ''}`);
    figure('CPU per message, APIs', Number(perMsg(apiCpu)), 'µs');
    figure('CPU per message, PostgreSQL', Number(perMsg(cpu1.pg - base.pg)), 'µs');
    if (instances === TARGET_INSTANCES) {
      verdict('messages/s', rate, '>=', 5000);
      verdict('deliveries/s', deliveryRate, '>=', 10000);
      verdict('p99 send -> receipt', lat.p99, '<=', 15, ' ms');
    } else {
      console.log(
        `  messages/s ${rate.toFixed(1)}, deliveries/s ${deliveryRate.toFixed(1)}, p99 ${lat.p99} ms: scale run, no target (issue 13 sets the rate and p99 for ${TARGET_INSTANCES} instances)   [${load()}]`,
      );
      figure('messages/s (scale run)', rate);
      figure('p99 send -> receipt (scale run)', lat.p99, 'ms');
    }
    verdict('lost', lost, '<=', 0);
    verdict('duplicated', duplicates, '<=', 0);
    verdict('out of order (per conversation)', outOfOrder, '<=', 0);
    return { instances, via, loop, rate, deliveryRate, p99: lat.p99, ok: lost === 0 && duplicates === 0 && outOfOrder === 0 && failed === 0 };
  } finally {
    sockets.forEach((s) => s.close());
    closeKeptConnections();
    await stopProcesses(apis);
  }
}

async function main() {
  const { database, services, env } = await benchStack('gotnext_bench_chat');
  const db = new Client({ connectionString: services.databaseUrl });
  const redis = createClient({ url: services.redisUrl });
  try {
    await exec('node', ['backend/dist/database/migrate.js'], env);
    await db.connect();
    await redis.connect();
    const world = await seed(db, env.JWT_SECRET);
    // Statistics as autovacuum keeps them on a server that has run a while (it analyzes a table
    // about a minute after it changes this much); without them the planner takes the seeded
    // tables for empty.
    await db.query(`ANALYZE`);
    const chatEnv = { ...env, CHAT_SEND_LIMIT: '1000000', SOCKET_EVENTS_PER_SECOND: '1000000' };
    console.log(
      `chat bench: ${PAIRS} direct conversations (2 deliveries each: recipient and sender), ${LEAGUES} leagues of ${LEAGUE_SIZE} (10 deliveries each), instances ${INSTANCE_COUNTS.join(', ')}, sent over ${VIAS.join(' and ')}`,
    );
    const results = [];
    for (const n of INSTANCE_COUNTS) for (const via of VIAS) for (const loop of LOOPS) results.push(await run(n, via, loop, chatEnv, world, db, redis));
    for (const loop of LOOPS)
      for (const via of VIAS) {
        const mine = results.filter((r) => r.via === via && r.loop === loop);
        if (mine.length > 1) console.log(`\n  scale over ${via}, ${loop} loop: ` + mine.map((r) => `${r.instances} instance(s) ${fmt(r.rate)} msg/s (p99 ${r.p99} ms)`).join('; '));
      }
    if (results.some((r) => !r.ok)) process.exitCode = 1;
  } finally {
    await redis.quit().catch(() => {});
    await db.end().catch(() => {});
    await cleanUp(services, database, database);
  }
}

startRecord();
main().catch((err) => {
  console.error(`chat bench failed: ${err?.stack ?? err}`);
  process.exit(1);
});
