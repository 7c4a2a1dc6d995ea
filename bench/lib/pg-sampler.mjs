// Diagnostic, run beside a bench (`node bench/lib/pg-sampler.mjs &`): every 50 ms, the non-idle
// backends of the newest database matching SAMPLE_DB (default: the lobby bench's) with their wait
// events, and the server's background processes that are not idle; ungranted pg_locks; vacuum and
// analyze progress; a Redis PING and a PostgreSQL SELECT 1 round trip; the kernel's dirty and
// writeback memory and the disks' write counters. Every second, the lobby tables' dead rows and
// autovacuum/analyze counts when they change. JSON lines to SAMPLE_OUT; stops after SAMPLE_SECONDS
// (default 120). PG_ADMIN_URL and REDIS_URL default to the local services.
import { createRequire } from 'node:module';
import { appendFileSync, readFileSync } from 'node:fs';
const mem = () => {
  const m = readFileSync('/proc/meminfo', 'utf8');
  return { dirtyKb: +/Dirty:\s+(\d+)/.exec(m)[1], wbKb: +/Writeback:\s+(\d+)/.exec(m)[1] };
};
const disk = () =>
  readFileSync('/proc/diskstats', 'utf8')
    .split('\n')
    .filter((l) => /\s(vd[a-z]|sd[a-z]|nvme\d+n\d+)\s/.test(l))
    .map((l) => l.trim().split(/\s+/))
    .map((f) => ({ dev: f[2], rd: +f[3], wr: +f[7], wsect: +f[9], inflight: +f[11], ioms: +f[12] }));
const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { createClient } = require('redis');
const file = process.env.SAMPLE_OUT;
if (!file) throw new Error('pg-sampler: set SAMPLE_OUT');
const ADMIN = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_PATTERN = process.env.SAMPLE_DB || '^gotnext_bench_[a-z0-9]+$';
const out = (o) => appendFileSync(file, JSON.stringify(o) + '\n');
const admin = new Client({ connectionString: ADMIN });
await admin.connect();
const redis = createClient({ url: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
await redis.connect();
let db = null;
const until = Date.now() + Number(process.env.SAMPLE_SECONDS || 120) * 1000;
let benchDb = null;
let lastStats = '';
while (Date.now() < until) {
  const t = Date.now();
  if (!benchDb) {
    const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname ~ $1 ORDER BY oid DESC LIMIT 1`, [DB_PATTERN]);
    if (rows[0]) {
      benchDb = rows[0].datname;
      out({ k: 'db', benchDb, t });
    }
  }
  const r0 = Date.now();
  await redis.ping();
  const redisMs = Date.now() - r0;
  const p0 = Date.now();
  await admin.query('SELECT 1');
  const pgMs = Date.now() - p0;
  if (benchDb) {
    const act = (
      await admin.query(
        `SELECT pid, backend_type, state, wait_event_type, wait_event, left(query, 80) AS query,
        extract(epoch FROM now() - xact_start) * 1000 AS xact_ms, extract(epoch FROM now() - query_start) * 1000 AS q_ms
      FROM pg_stat_activity WHERE (datname = $1 OR backend_type NOT IN ('client backend')) AND pid <> pg_backend_pid()
        AND (state IS DISTINCT FROM 'idle' OR backend_type <> 'client backend')`,
        [benchDb],
      )
    ).rows.filter((a) => !(a.backend_type !== 'client backend' && a.wait_event_type === 'Activity'));
    const locks = (await admin.query(`SELECT l.pid, l.locktype, l.mode, l.relation::regclass::text AS rel, l.transactionid::text AS xid FROM pg_locks l WHERE NOT granted`)).rows;
    const vac = (await admin.query(`SELECT pid, datname, relid::regclass::text AS rel, phase FROM pg_stat_progress_vacuum`)).rows;
    const an = (await admin.query(`SELECT pid, datname, relid::regclass::text AS rel, phase FROM pg_stat_progress_analyze`)).rows;
    out({ k: 's', t, redisMs, pgMs, act, locks, vac, an, ...mem(), disk: disk() });
    if (t % 1000 < 60) {
      if (!db) {
        const u = new URL(ADMIN);
        u.pathname = `/${benchDb}`;
        db = new Client({ connectionString: u.toString() });
        await db.connect().catch(() => {
          db = null;
        });
      }
      if (db) {
        const st = (
          await db
            .query(
              `SELECT relname, n_live_tup, n_dead_tup, n_mod_since_analyze, last_autovacuum, last_autoanalyze, autovacuum_count, autoanalyze_count FROM pg_stat_user_tables WHERE relname IN ('matches','match_players','sessions','users','outbox')`,
            )
            .catch(() => ({ rows: [] }))
        ).rows;
        const s = JSON.stringify(st);
        if (s !== lastStats) {
          out({ k: 'tables', t, st });
          lastStats = s;
        }
      }
    }
  } else out({ k: 's', t, redisMs, pgMs });
  await new Promise((r) => setTimeout(r, Math.max(0, 50 - (Date.now() - t))));
}
await db?.end().catch(() => {});
await admin.end();
await redis.quit();
