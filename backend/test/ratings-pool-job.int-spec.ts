import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Client } from 'pg';
import { createClient } from 'redis';
import { createTestEnv, type TestEnv } from './support/harness';
import { eventually, fullMatch, report, start, type Player } from './support/matches';
import { DataSource } from 'typeorm';
import { checkRatingsAgainstReplay } from '../src/ratings/rating-replay-check';
import { connectSocket, socketReady, socketTracker } from './support/sockets';
import { RatingHandler, RATING_BATCH_SPACING_MS } from '../src/ratings/rating.handler';

/**
 * One rating job per pool waits at a time (docs/rating.md#redelivery): a completion enqueued while
 * the pool's job waits adds nothing, since that job reads it; the job frees the pool's
 * deduplication key when it starts, so a completion that commits after the job has read what is
 * pending gets a job of its own. Real API, worker, BullMQ, Redis and PostgreSQL.
 */
describe('the rating pool job', () => {
  let env: TestEnv;
  let url: string;
  let worker: INestApplicationContext;
  let queue: Queue;

  beforeAll(async () => {
    env = await createTestEnv();
    const api = await env.startApi();
    url = api.url;
    queue = api.app.get<Queue>('QUEUE_rating');
    worker = await env.startWorker();
  });
  afterAll(() => env.close());

  /** A started ranked 1v1 that one side has reported; `finish` sends the report that completes it. */
  async function reported() {
    const m = await fullMatch(env, url, '1v1', { ranked: true });
    const [a, b] = m.all as Player[];
    await start(url, a, m.match_id).expect(200);
    await report(url, a, '1v1', m.match_id, 11, 7).expect(200);
    return { id: m.match_id, a, b, finish: () => report(url, b, '1v1', m.match_id, 7, 11).expect(200) };
  }
  const events = async (matchId: number) => (await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [matchId])).length;
  const idle = async () => {
    const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'paused');
    return c.waiting + c.active + c.delayed + (c.prioritized ?? 0) + (c.paused ?? 0) === 0;
  };

  it('rates a completion that commits while the pool job is applying, and leaves no job or key behind', async () => {
    const first = await reported();
    const second = await reported();
    // Hold the first match's winner's rating row, so the job that applies it stops right after it
    // has read what is pending (the second match is not completed yet), holding the rating lock.
    const holder = new Client({ connectionString: env.config.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`INSERT INTO ratings (pool, user_id, rating, games) VALUES ('overall', $1, 1500, 0) ON CONFLICT DO NOTHING`, [first.a.userId]);
      await holder.query(`SELECT 1 FROM ratings WHERE pool = 'overall' AND user_id = $1 FOR UPDATE`, [first.a.userId]);
      await first.finish();
      await eventually(async () => (await holder.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rowCount! > 0, 15000);
      expect(await events(first.id)).toBe(0);

      // The second completion's enqueue comes while the pool's job is active and past its read.
      await second.finish();
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    await eventually(async () => (await events(first.id)) === 2 && (await events(second.id)) === 2, 15000);
    await eventually(idle, 15000);
    // The job that applied the first match recorded its players before its commit, for a retry.
    expect((await queue.getJob(`match-${first.id}`))?.data.players).toEqual(expect.arrayContaining([first.a.userId, first.b.userId]));
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    try {
      expect(await redis.exists(`${env.config.REDIS_PREFIX}:bull:rating:de:pool-overall`)).toBe(0);
    } finally {
      await redis.quit();
    }
    expect(await checkRatingsAgainstReplay(worker.get(DataSource))).toEqual(expect.objectContaining({ differences: [] }));
  });

  it("tells each match of a batch as if it were rated alone: its room's match:changed, each player's result with the rating change", async () => {
    // Both complete before the pool's job can apply them (the rating lock held here), so one job rates them together.
    const matches = [await reported(), await reported()];
    const sockets = socketTracker();
    const seen = new Map<number, { completed: number; results: string[] }>();
    try {
      for (const m of matches) {
        for (const p of [m.a, m.b]) {
          const s = sockets.track(connectSocket(url, p.token));
          await socketReady(s);
          seen.set(p.userId, { completed: 0, results: [] });
          s.on(
            'notification:new',
            (n: { type: string; message: string; match_id: number }) => n.type === 'match_result' && n.match_id === m.id && seen.get(p.userId)!.results.push(n.message),
          );
          if (p === m.a) {
            expect(await new Promise((ok) => s.emit('room:join', `match:${m.id}`, ok))).toEqual({ ok: true });
            s.on('match:changed', (e: { match_id: number; status: string }) => e.match_id === m.id && e.status === 'completed' && (seen.get(p.userId)!.completed += 1));
          }
        }
      }
      const holder = new Client({ connectionString: env.config.DATABASE_URL });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT pg_advisory_xact_lock(7436002)'); // RATING_LOCK_KEY
        for (const m of matches) await m.finish();
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
      }
      await eventually(async () => (await events(matches[0]!.id)) === 2 && (await events(matches[1]!.id)) === 2, 15000);
      // Each room: the completion's match:changed from the API, then the rating job's; each player: one result, rated.
      await eventually(async () => matches.every((m) => seen.get(m.a.userId)!.completed === 2) && [...seen.values()].every((v) => v.results.length === 1), 10000);
      for (const v of seen.values()) expect(v.results[0]).toMatch(/ · \d\.\d{3} → \d\.\d{3} \([+-]\d\.\d{3}\)$/);
    } finally {
      sockets.closeAll();
    }
  });

  it('spaces overall batches: a completion while the next batch waits for its slot joins that batch', async () => {
    // docs/rating.md#batch-spacing; lengthened here so the window is wide open on a slow machine.
    const handler = worker.get(RatingHandler);
    handler.spacingMs = 1500;
    try {
      const [first, second, third] = [await reported(), await reported(), await reported()];
      await first.finish();
      await eventually(async () => (await events(first.id)) === 2, 15000);
      // The next job takes the slot after the first batch's: it has started and waits, not applied.
      await second.finish();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await events(second.id)).toBe(0);
      await third.finish();
      await eventually(async () => (await events(second.id)) === 2 && (await events(third.id)) === 2, 15000);
      const batches = await env.sql<{ match_id: number; at: Date }>(`SELECT DISTINCT match_id, created_at AS at FROM rating_events WHERE match_id = ANY($1::int[])`, [
        [first.id, second.id, third.id],
      ]);
      const at = new Map(batches.map((b) => [b.match_id, b.at.getTime()]));
      // One batch (one transaction's now()) for the second and third, another before it for the first.
      expect(at.get(third.id)).toBe(at.get(second.id));
      expect(at.get(first.id)).toBeLessThan(at.get(second.id)!);
      await eventually(idle, 15000);
      expect(await checkRatingsAgainstReplay(worker.get(DataSource))).toEqual(expect.objectContaining({ differences: [] }));
    } finally {
      handler.spacingMs = RATING_BATCH_SPACING_MS;
    }
  });

  it('adds no job for completions while the pool job waits, and that one job rates them all', async () => {
    const games = [await reported(), await reported(), await reported()];
    await queue.pause();
    try {
      for (const g of games) await g.finish();
      // One job waits for the pool; the other two completions were deduplicated into it.
      await eventually(async () => (await queue.getJobCounts('paused')).paused === 1 || (await queue.getJobCounts('wait')).wait === 1, 15000);
      const waiting = await queue.getJobs(['paused', 'wait']);
      expect(waiting.map((j) => j.id)).toEqual([`match-${games[0].id}`]);
    } finally {
      await queue.resume();
    }
    await eventually(async () => (await Promise.all(games.map((g) => events(g.id)))).every((n) => n === 2), 15000);
    await eventually(idle, 15000);
    const done = await queue.getJobs(['completed']);
    expect(done.filter((j) => games.some((g) => j.id === `match-${g.id}`)).map((j) => j.id)).toEqual([`match-${games[0].id}`]);
  });
});
