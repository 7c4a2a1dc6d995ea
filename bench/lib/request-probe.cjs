// Diagnostic preload for the APIs of a bench (BENCH_API_NODE_ARGS="--require bench/lib/request-probe.cjs",
// with PROBE_DIR set): appends to PROBE_DIR/api.<pid>.jsonl, every 50 ms the event-loop delay (max
// since the last tick) and the pg pools' waiting / total / idle counts; every GC with its pause;
// and every HTTP request, pg query and Redis command slower than PROBE_SLOW_MS (default 30) with
// its start time. Changes nothing in the app. Used with BENCH_TRACE (lobby.bench.mjs) and
// pg-sampler.mjs; lobby-timeline.mjs lines the three up (docs/scaling.md#commits-without-the-wal-flush).
const { PerformanceObserver } = require('node:perf_hooks');
const { loopDelay } = require('./loop-delay.cjs');
const { appendFileSync } = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const dir = process.env.PROBE_DIR;
if (!dir) throw new Error('request-probe: set PROBE_DIR');
const file = path.join(dir, `api.${process.pid}.jsonl`);
const SLOW = Number(process.env.PROBE_SLOW_MS || 30);
let buf = [];
const out = (o) => buf.push(JSON.stringify(o));
setInterval(() => {
  if (buf.length) {
    appendFileSync(file, buf.join('\n') + '\n');
    buf = [];
  }
}, 1000).unref();
process.on('exit', () => {
  if (buf.length) appendFileSync(file, buf.join('\n') + '\n');
});

const req = (m) => require(require.resolve(m, { paths: [path.join(process.cwd(), 'backend'), process.cwd()] }));
const pools = new Set();
try {
  const Pool = req('pg-pool');
  const connect = Pool.prototype.connect;
  Pool.prototype.connect = function (...a) {
    pools.add(this);
    return connect.apply(this, a);
  };
  const pg = req('pg');
  const q = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, cb) {
    const t0 = Date.now();
    const name = typeof config === 'object' && config ? config.name || String(config.text).slice(0, 60) : String(config).slice(0, 60);
    const done = () => {
      const d = Date.now() - t0;
      if (d >= SLOW) out({ k: 'pg', t0, d, name, pid: this.processID });
    };
    if (typeof values === 'function') {
      const f = values;
      values = function (...a) {
        done();
        return f.apply(this, a);
      };
    } else if (typeof cb === 'function') {
      const f = cb;
      cb = function (...a) {
        done();
        return f.apply(this, a);
      };
    } else if (config && typeof config.callback === 'function') {
      const f = config.callback;
      config.callback = function (...a) {
        done();
        return f.apply(this, a);
      };
    }
    const r = q.call(this, config, values, cb);
    if (r && typeof r.then === 'function') r.then(done, () => {});
    return r;
  };
} catch (e) {
  out({ k: 'err', what: 'pg', e: String(e) });
}
try {
  const clientMod = req('@redis/client/dist/lib/client/index.js');
  const RedisClient = clientMod.default || clientMod.RedisClient || clientMod;
  const send = RedisClient.prototype.sendCommand;
  RedisClient.prototype.sendCommand = function (args, options) {
    const t0 = Date.now();
    const r = send.call(this, args, options);
    r.then(
      () => {
        const d = Date.now() - t0;
        if (d >= SLOW) out({ k: 'redis', t0, d, cmd: String(args[0]) });
      },
      () => {},
    );
    return r;
  };
} catch (e) {
  out({ k: 'err', what: 'redis', e: String(e) });
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (ev, rq, rs) {
  if (ev === 'request') {
    const t0 = Date.now();
    rs.once('finish', () => {
      const d = Date.now() - t0;
      if (d >= SLOW) out({ k: 'http', t0, d, url: rq.url });
    });
  }
  return emit.apply(this, arguments);
};

new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    out({ k: 'gc', t0: Math.round(performance.timeOrigin + e.startTime), d: +e.duration.toFixed(1), kind: /** @type {{ detail?: { kind?: number } }} */ (e).detail?.kind });
}).observe({ entryTypes: ['gc'] });

const h = loopDelay(5);
let last = Date.now();
setInterval(() => {
  const now = Date.now();
  let waiting = 0,
    total = 0,
    idle = 0;
  for (const p of pools) {
    waiting += p.waitingCount;
    total += p.totalCount;
    idle += p.idleCount;
  }
  out({ k: 'tick', t: now, lag: now - last - 50, max: +h.max().toFixed(1), waiting, total, idle });
  h.reset();
  last = now;
}, 50).unref();
