// Diagnostic: `node bench/lib/lobby-timeline.mjs <dir> [bucket ms]` prints one traced lobby run as a
// timeline from its measured start, one line per bucket (default 250 ms): the Change Teams started
// in it (count, p99, max) and the slowest push, the bench's and each API's event-loop delay, GC
// pauses, slow requests / pg queries / Redis commands (request-probe.cjs), the pool queue, and what
// pg-sampler.mjs saw (PING round trips, active backends, lock waits, dirty memory, disk writes,
// wait events). <dir> holds bench.jsonl (BENCH_TRACE), api.<pid>.jsonl (PROBE_DIR) and sampler.jsonl
// (SAMPLE_OUT). A line starts with * when a request, or an event loop, took over 40 ms.
import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2];
const B = Number(process.argv[3] || 250);
const lines = (f) =>
  readFileSync(`${dir}/${f}`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return null;
      }
    })
    .filter(Boolean);
const bench = lines('bench.jsonl');
const start = bench.find((x) => x.k === 'start');
const t0 = start.t;
const apiFiles = readdirSync(dir).filter((f) => f.startsWith('api.'));
const apis = apiFiles.map((f) => ({ pid: f.split('.')[1], rows: lines(f) }));
const samp = lines('sampler.jsonl').filter((x) => x.k === 's');
const buckets = new Map();
const b = (t) => {
  const k = Math.floor((t - t0) / B);
  if (!buckets.has(k))
    buckets.set(k, {
      req: [],
      push: [],
      blag: 0,
      alag: [0, 0],
      gc: [0, 0],
      slowHttp: [0, 0],
      slowPg: [0, 0],
      slowRedis: [0, 0],
      waiting: [0, 0],
      pgWaits: {},
      dirty: 0,
      wb: 0,
      inflight: 0,
      wsect: null,
      redisMs: 0,
      pgMs: 0,
      nonIdle: 0,
      locks: 0,
      vac: '',
    });
  return buckets.get(k);
};
for (const x of bench) {
  if (x.k === 'req') b(x.t0).req.push(x.d);
  if (x.k === 'push') b(x.at).push.push(x.d);
  if (x.k === 'tick') {
    const o = b(x.t);
    o.blag = Math.max(o.blag, x.lag);
  }
}
apis.forEach((a, i) => {
  for (const x of a.rows) {
    if (x.k === 'tick') {
      const o = b(x.t);
      o.alag[i] = Math.max(o.alag[i], x.max);
      o.waiting[i] = Math.max(o.waiting[i], x.waiting);
    }
    if (x.k === 'gc') b(x.t0).gc[i] += x.d;
    if (x.k === 'http') b(x.t0).slowHttp[i] += 1;
    if (x.k === 'pg') b(x.t0).slowPg[i] += 1;
    if (x.k === 'redis') b(x.t0).slowRedis[i] += 1;
  }
});
let prevW = null;
for (const s of samp) {
  const o = b(s.t);
  o.dirty = Math.max(o.dirty, s.dirtyKb ?? 0);
  o.wb = Math.max(o.wb, s.wbKb ?? 0);
  o.redisMs = Math.max(o.redisMs, s.redisMs);
  o.pgMs = Math.max(o.pgMs, s.pgMs);
  const vda = s.disk?.find((d) => d.dev === 'vda');
  if (vda) {
    o.inflight = Math.max(o.inflight, vda.inflight);
    if (prevW !== null) o.wsect = (o.wsect ?? 0) + vda.wsect - prevW;
    prevW = vda.wsect;
  }
  for (const a of s.act ?? []) {
    if (a.wait_event) {
      const k = `${a.backend_type === 'client backend' ? '' : a.backend_type + ':'}${a.wait_event_type}/${a.wait_event}`;
      o.pgWaits[k] = (o.pgWaits[k] ?? 0) + 1;
    }
    if (a.backend_type === 'client backend' && a.state === 'active') o.nonIdle += 1;
  }
  o.locks += s.locks?.length ?? 0;
  if (s.vac?.length || s.an?.length) o.vac = [...(s.vac ?? []), ...(s.an ?? [])].map((v) => `${v.rel}:${v.phase}`).join(',');
}
const pct = (arr, p) => {
  if (!arr.length) return '-';
  const s = [...arr].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
console.log(
  't(ms)   nreq reqP99 reqMax pushMax | bLag aLag0 aLag1 gc0 gc1 | slowHttp slowPg slowRedis poolWait | redisPing pgPing active locks | dirtyKB wbKB inflight wKB | pg waits',
);
for (const k of [...buckets.keys()].sort((x, y) => x - y)) {
  const o = buckets.get(k);
  const flag = (o.req.length && pct(o.req, 100) > 40) || o.blag > 40 || Math.max(...o.alag) > 40 ? '*' : ' ';
  console.log(
    `${flag}${String(k * B).padStart(6)} ${String(o.req.length).padStart(4)} ${String(pct(o.req, 99)).padStart(6)} ${String(pct(o.req, 100)).padStart(6)} ${String(pct(o.push, 100)).padStart(7)} | ${String(o.blag).padStart(4)} ${String(o.alag[0]).padStart(5)} ${String(o.alag[1]).padStart(5)} ${o.gc[0].toFixed(0).padStart(3)} ${o.gc[1].toFixed(0).padStart(3)} | ${o.slowHttp.join('/').padStart(8)} ${o.slowPg.join('/').padStart(6)} ${o.slowRedis.join('/').padStart(9)} ${o.waiting.join('/').padStart(8)} | ${String(o.redisMs).padStart(9)} ${String(o.pgMs).padStart(6)} ${String(o.nonIdle).padStart(6)} ${String(o.locks).padStart(5)} | ${String(o.dirty).padStart(7)} ${String(o.wb).padStart(4)} ${String(o.inflight).padStart(8)} ${String(o.wsect === null ? '-' : o.wsect / 2).padStart(5)} | ${Object.entries(
      o.pgWaits,
    )
      .map(([w, n]) => `${w}×${n}`)
      .join(' ')} ${o.vac}`,
  );
}
