// Rating job throughput: completed ranked matches applied per second by the real worker, exactly
// once, with the ratings equal to a fresh replay at the end (docs/rating.md#order-of-application).
//
// How it runs: it needs the compiled backend (scripts/bench.mjs builds it). A throw-away database
// and Redis prefix; BENCH_RATING_PLAYERS (default 2,000) players and BENCH_RATING_MATCHES
// (default 8,000) completed ranked matches (1v1, 2v2 and 3v3 in turn, completed one after another)
// are written with SQL, not yet ranked. The real worker (backend/dist/worker.js) starts, and once
// its boot has settled (the ID check loads its models in the background), BENCH_RATING_WARMUP
// (default 1,000; 0 for none) more matches are offered as `steady` is, untimed and not judged (a
// freshly booted worker's code is still cold), then two phases run on half the matches each. `steady`: matches become ranked and completed (under the completion lock, as
// the server completes them) BENCH_RATING_RATE (default 2,500) per second, and each one's rating
// job is enqueued right after, the way RatingScheduler does (`rate`, `ratingJobOptions` from the
// built backend: job id `match-<id>`, deduplicated on the pool while its job waits), and once more
// under another id (a duplicate delivery, as the outbox may make). `burst`: the other half completes in one statement and all
// its jobs are enqueued at once. Each timed from its first completion until every match is applied
// and every job is done. Each prints the CPU per match of the worker and of its PostgreSQL backends
// (the offer's own completions apart), and how many batches applied the matches.
// Then: rating events per match counted (exactly once: one per player), and
// `backend/dist/ratings/rebuild.js` replays everything from scratch and compares bit for bit.
//
// Target (issue 13): ≥ 2,000 matches/s applied, exactly once, equal to the replay.
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { benchPool, benchStack, cleanUp, cpuMs, exec, fmt, load, seedPlayers, startWorker, stopProcesses, verdict } from './support.mjs';
import { startRecord } from './lib/results.mjs';
import { ROOT } from '../scripts/lib/services.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { Queue } = require(require.resolve('bullmq', { paths: [`${ROOT}/backend`] }));
// The options RatingScheduler enqueues with, and its queue's defaults (retries), from the build under test.
const { ratingJobOptions, DEFAULT_JOB_OPTIONS } = require(`${ROOT}/backend/dist/jobs/queues.js`);

const PLAYERS = Number(process.env.BENCH_RATING_PLAYERS || 2000);
const MATCHES = Number(process.env.BENCH_RATING_MATCHES || 8000); // half steady, half burst
const WARMUP = Number(process.env.BENCH_RATING_WARMUP ?? 1000); // before them, untimed
const RATE = Number(process.env.BENCH_RATING_RATE || 2500);
const TARGET = 2000;

async function seedMatches(db, ids) {
  // Match i: type 1v1/2v2/3v3 in turn; players drawn from a stride over the ids, never twice in one match.
  await db.query(
    `INSERT INTO matches (code, match_type, scoring_type, ranked, status, creator_id, created_at, started_at, completed_at, team_a_score, team_b_score, settled_by)
     SELECT 'AAAAAA', (ARRAY['1v1','2v2','3v3'])[1 + i % 3], '1s & 2s to 11', false, 'completed', ($1::int[])[1 + (i * 7) % $2],
            t, t, t, CASE WHEN i % 4 = 0 THEN 8 ELSE 11 END, CASE WHEN i % 4 = 0 THEN 11 ELSE i % 10 END, 'agreed'
       FROM generate_series(0, $3::int - 1) i, LATERAL (SELECT clock_timestamp() + i * interval '1 ms' AS t) x`,
    [ids, ids.length, WARMUP + MATCHES],
  );
  await db.query(
    `INSERT INTO match_players (match_id, user_id, team)
     SELECT m.id, ($1::int[])[1 + ((m.id * 13) + slot * 101) % $2], CASE WHEN slot % 2 = 0 THEN 'A' ELSE 'B' END
       FROM matches m, generate_series(0, 2 * substr(m.match_type, 1, 1)::int - 1) slot`,
    [ids, ids.length],
  );
  const { rows } = await db.query(`SELECT id FROM matches ORDER BY id`);
  return rows.map((r) => r.id);
}

/** The offer's connections name themselves, so their PostgreSQL CPU is told apart from the worker's. */
const OFFER_APP = 'rating-bench-offer';

/**
 * CPU (ms) so far of the worker, and per backend of PostgreSQL serving this database (this
 * bench's polling client left out): `pg` maps each backend's pid to its CPU, `offer` the same for
 * the offer's own connections (the completions' UPDATEs under the completion lock: the server's
 * completion cost, not the rating job's).
 */
async function cpuNow(db, worker) {
  const { rows } = await db.query(`SELECT pid, application_name FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  const pg = new Map();
  const offer = new Map();
  for (const r of rows) (r.application_name === OFFER_APP ? offer : pg).set(r.pid, cpuMs(r.pid) ?? 0);
  return { worker: cpuMs(worker.child.pid) ?? NaN, pg, offer };
}

/**
 * CPU (ms) of the backends in `b` since `a`: a backend born in between counts from its start. One
 * that ended in between is missed (its last reading is gone); the worker's and the offer's pools
 * keep theirs open through a phase.
 */
const pgSince = (a, b) => [...b].reduce((n, [pid, ms]) => n + ms - (a.get(pid) ?? 0), 0);

/**
 * Waits until the worker has finished booting before anything is timed: the ID check loads its OCR
 * and face models in background threads of the worker process (LocalIdChecker at bootstrap), many
 * seconds of CPU that the steady phase would otherwise count as the rating job's and compete with.
 * Settled: under 50 ms of CPU in a second, or 90 s at most.
 */
async function settle(worker) {
  const started = Date.now();
  const cpu0 = cpuMs(worker.child.pid);
  let last = cpu0;
  for (;;) {
    await new Promise((res) => setTimeout(res, 1000));
    const now = cpuMs(worker.child.pid);
    if (now - last < 50 || Date.now() - started > 90_000) return { seconds: (Date.now() - started) / 1000, cpu: (now - cpu0) / 1000 };
    last = now;
  }
}

/**
 * Completes `ids` the way MatchesRepository.markCompleted does: under the global completion lock,
 * stamped with clock_timestamp() after it, held to the commit, so completions commit in
 * completed_at order (docs/rating.md#order-of-application). Without the lock, the chunks in flight
 * on the pool's connections committed out of order, and a chunk committed after a later one was
 * rated stayed behind the pool's mark, never applied: a race of this bench, not of the server.
 */
async function complete(pool, ids) {
  // One round trip (a multi-statement simple query, ids written inline: integers only), not four:
  // the offer's own CPU is on the same two cores as the worker it measures, and the lock is held
  // only while PostgreSQL runs the three statements, not across the bench's round trips.
  // 7436001: COMPLETION_LOCK_KEY in matches.repository.ts.
  const c = await pool.connect();
  try {
    await c.query(
      `BEGIN; SELECT pg_advisory_xact_lock(7436001); UPDATE matches SET ranked = true, completed_at = clock_timestamp() WHERE id = ANY('{${ids.map(Number).join(',')}}'::int[]); COMMIT`,
    );
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    c.release();
  }
}

/**
 * One phase: `ids` become ranked and completed (at RATE per second, or all at once for `burst`),
 * each rating job enqueued twice; timed from the first completion until all are applied.
 */
async function phase(db, offerPool, queue, worker, name, ids) {
  const jobsOf = (chunk) => {
    const jobs = chunk.map((matchId) => ({ name: 'rate', data: { matchId }, opts: ratingJobOptions(matchId) }));
    return [...jobs, ...jobs.map((j) => ({ ...j, opts: { ...j.opts, jobId: `${j.opts.jobId}-again` } }))];
  };
  // Adds that made a job: a deduplicated one answers with the id of the job already waiting.
  let created = 0;
  const add = async (chunk) => {
    for (const job of await queue.addBulk(jobsOf(chunk))) if (job.id === job.opts.jobId) created += 1;
  };
  const appliedNow = async () => (await db.query(`SELECT count(DISTINCT match_id)::int AS n FROM rating_events WHERE match_id = ANY($1::int[])`, [ids])).rows[0].n;
  const cpu0 = await cpuNow(db, worker);
  const benchCpu0 = process.cpuUsage();
  const started = Date.now();
  if (name === 'burst') {
    await complete(offerPool, ids);
    for (let i = 0; i < ids.length; i += 1000) await add(ids.slice(i, i + 1000));
  } else {
    // Each tick's chunk is completed and enqueued without waiting for the earlier ticks' round
    // trips (on a connection of its own), so the offer keeps to RATE instead of to this bench's
    // round-trip time: waiting for each made it ~1,700/s at most on two cores.
    const perTick = Math.max(1, Math.round(RATE / 100));
    const inFlight = [];
    for (let i = 0; i < ids.length; i += perTick) {
      const due = started + (i / RATE) * 1000;
      await new Promise((res) => setTimeout(res, Math.max(0, due - Date.now())));
      const chunk = ids.slice(i, i + perTick);
      inFlight.push(complete(offerPool, chunk).then(() => add(chunk)));
    }
    await Promise.all(inFlight);
  }
  const offered = (Date.now() - started) / 1000;
  // This process's own CPU for the offer (completions and adds), on the same cores as the worker.
  const benchCpu = process.cpuUsage(benchCpu0);
  const offerCpuPerMatch = (benchCpu.user + benchCpu.system) / 1000 / ids.length;
  let applied = 0;
  let allApplied = null;
  let cpuApplied = null;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    applied = await appliedNow();
    if (applied >= ids.length && !allApplied) {
      allApplied = Date.now();
      cpuApplied = await cpuNow(db, worker);
    }
    const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    if (allApplied && c.waiting + c.active + c.delayed + (c.prioritized ?? 0) === 0) break;
    await new Promise((res) => setTimeout(res, 20));
  }
  const drained = (Date.now() - started) / 1000;
  const cpuDrained = await cpuNow(db, worker);
  const seconds = ((allApplied ?? Date.now()) - started) / 1000;
  const c = await queue.getJobCounts('waiting', 'active', 'delayed');
  const left = c.waiting + c.active + c.delayed;
  // Failed jobs so far (the phases run one after another, so the burst's count includes the steady's).
  const failed = (await queue.getJobCounts('failed')).failed;
  // Why jobs failed (the first distinct reasons), so a failure is diagnosable from the bench's output.
  const reasons = [...new Set((await queue.getFailed(0, 50)).map((j) => j.failedReason))].slice(0, 3);
  // CPU per match: until every match was applied, and until every job (duplicates too) was done.
  // PostgreSQL counts the worker's backends only: not this bench's polling client, and the offer's
  // completions apart (before, they were summed into the worker's PostgreSQL share).
  // A run cut off by the 60 s wait has done fewer jobs: per job done is comparable between runs.
  const done = created - left;
  const per = (a, n) => ({
    worker: a ? `${((a.worker - cpu0.worker) / n).toFixed(2)} ms` : 'n/a',
    pg: a ? `${(pgSince(cpu0.pg, a.pg) / n).toFixed(2)} ms` : 'n/a',
    offer: a ? `${(pgSince(cpu0.offer, a.offer) / n).toFixed(2)} ms` : 'n/a',
  });
  // The batches that applied them: a batch's events share its transaction's now() (created_at).
  const {
    rows: [b],
  } = await db.query(
    `SELECT count(*)::int AS batches, max(n)::int AS largest, (percentile_cont(0.5) WITHIN GROUP (ORDER BY n))::int AS median
       FROM (SELECT count(DISTINCT match_id) AS n FROM rating_events WHERE match_id = ANY($1::int[]) GROUP BY created_at) x`,
    [ids],
  );
  return {
    name,
    offerCpuPerMatch,
    offered,
    applied,
    seconds,
    rate: applied / seconds,
    drained,
    left,
    failed,
    reasons,
    created,
    done,
    batches: b,
    perMatch: per(cpuApplied, ids.length),
    perMatchDrained: per(cpuDrained, ids.length),
    perJob: per(cpuDrained, done),
  };
}

async function main() {
  const { database, services, env } = await benchStack('gotnext_bench_rating');
  const db = new Client({ connectionString: services.databaseUrl });
  const offerPool = benchPool({ connectionString: services.databaseUrl, max: 8, application_name: OFFER_APP });
  const processes = [];
  let queue;
  try {
    await exec('node', ['backend/dist/database/migrate.js'], env);
    await db.connect();
    const { ids } = await seedPlayers(db, env.JWT_SECRET, PLAYERS);
    const matchIds = await seedMatches(db, ids);
    const {
      rows: [{ seats }],
    } = await db.query(`SELECT count(*)::int AS seats FROM match_players`);

    // With the server's retries: a pool job that fails before its commit leaves its batch to its retry.
    queue = new Queue('rating', { connection: { url: services.redisUrl }, prefix: `${env.REDIS_PREFIX}:bull`, defaultJobOptions: DEFAULT_JOB_OPTIONS });
    console.log(
      `rating bench: ${fmt(MATCHES)} ranked matches after ${fmt(WARMUP)} to warm up (${fmt(seats)} seats in all) among ${fmt(PLAYERS)} players completing at ${fmt(RATE)}/s, each job enqueued twice   [${load()}]`,
    );
    const worker = startWorker(env);
    processes.push(worker);
    for (let i = 0; (await queue.getWorkers()).length === 0; i += 1) {
      if (i > 600) throw new Error('the worker did not start');
      await new Promise((res) => setTimeout(res, 100));
    }
    const boot = await settle(worker);
    console.log(`  worker boot settled ${boot.seconds.toFixed(0)} s after it took jobs (${boot.cpu.toFixed(1)} s of CPU: the ID check's models), before the timing   [${load()}]`);

    // Two phases on their own matches: `steady` completes them at RATE per second (in chunks every
    // 10 ms), each chunk's jobs enqueued right after its commit as RatingScheduler does, then again
    // under other ids (a duplicate delivery); `burst` completes its matches in one statement and
    // enqueues all their jobs at once, the backlog a busy evening's end leaves: the job's own
    // capacity. The offered rate is printed beside each, since this bench shares the two cores.
    // First, untimed, WARMUP matches offered as `steady` is: the worker's code is still cold after
    // boot (its first thousand matches cost ~30-50 % more worker CPU each, JIT and heap growth), and
    // the target is a running worker's; its figures are printed, not judged.
    const rated = matchIds.slice(WARMUP);
    const half = Math.ceil(rated.length / 2);
    const results = [];
    let warmedUp = 0;
    for (const [name, ids] of [
      ['warm-up', matchIds.slice(0, WARMUP)],
      ['steady', rated.slice(0, half)],
      ['burst', rated.slice(half)],
    ]) {
      if (!ids.length) continue;
      const r = await phase(db, offerPool, queue, worker, name, ids);
      if (name === 'warm-up') warmedUp = r.applied;
      else results.push(r);
      if (r.reasons.length) console.log(`  failed jobs' reasons: ${r.reasons.join(' | ')}`);
      console.log(
        `  ${name}: ${fmt(ids.length)} completions offered over ${r.offered.toFixed(2)} s (${fmt(ids.length / r.offered)}/s; the bench's own CPU ${r.offerCpuPerMatch.toFixed(2)} ms per match offered); ${fmt(r.applied)} applied ${r.seconds.toFixed(2)} s after the first completion = ${fmt(r.rate)}/s; ${fmt(ids.length * 2)} adds made ${fmt(r.created)} jobs (the others deduplicated into a waiting one), ${r.left ? `still queued after ${r.drained.toFixed(0)} s: ${r.left}` : `all done after ${r.drained.toFixed(2)} s`}; failed jobs ${r.failed}`,
      );
      console.log(
        `    CPU per match until all applied: worker ${r.perMatch.worker}, PostgreSQL ${r.perMatch.pg}; until every job was done: worker ${r.perMatchDrained.worker}, PostgreSQL ${r.perMatchDrained.pg}; per job over the ${fmt(r.done)} jobs done: worker ${r.perJob.worker}, PostgreSQL ${r.perJob.pg}   [${load()}]`,
      );
      console.log(
        `    applied in ${r.batches.batches} batches (matches per batch: median ${r.batches.median}, largest ${r.batches.largest}); not counted above: PostgreSQL for the bench's own completions ${r.perMatchDrained.offer} per match`,
      );
    }
    const {
      rows: [ev],
    } = await db.query(`SELECT count(*)::int AS events FROM rating_events`);
    const applied = warmedUp + results.reduce((n, r) => n + r.applied, 0);
    const failed = results.at(-1).failed; // BullMQ's count, cumulative over the phases
    console.log(`  rating events ${fmt(ev.events)} for ${fmt(seats)} seats`);
    await stopProcesses(processes);
    processes.length = 0;
    const replay = await new Promise((done) => {
      const child = spawn('node', ['backend/dist/ratings/rebuild.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.once('exit', (code) => done({ code, out: out.trim().split('\n').slice(0, 3).join(' / ') }));
    });
    console.log(`  replay from scratch: ${replay.out}`);
    for (const r of results) verdict(`matches applied per second, ${r.name}`, r.rate, '>=', TARGET);
    verdict('rating events beyond one per seat (exactly once)', ev.events - seats, '<=', 0);
    verdict('matches not applied', WARMUP + MATCHES - applied, '<=', 0);
    verdict('differences from the replay', replay.code === 0 ? 0 : 1, '<=', 0);
    if (replay.code !== 0 || ev.events !== seats || applied < WARMUP + MATCHES || failed > 0) process.exitCode = 1;
  } finally {
    await queue?.close().catch(() => {});
    await stopProcesses(processes);
    await db.end().catch(() => {});
    await offerPool.end().catch(() => {});
    await cleanUp(services, database, database);
  }
}

startRecord();
main().catch((err) => {
  console.error(`rating bench failed: ${err?.stack ?? err}`);
  process.exit(1);
});
