import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { createTestEnv, type TestEnv } from './support/harness';
import { eventually, fullMatch, report, start } from './support/matches';
import { UnitOfWork } from '../src/database/unit-of-work';
import { bullConnection, bullPrefix, type RatingJob } from '../src/jobs/queues';
import { Leaderboards } from '../src/ratings/leaderboards';
import { RatingHandler } from '../src/ratings/rating.handler';

/**
 * A rating job delivered again for a match already rated (a duplicate, or a match an earlier job's
 * batch took) ends after one read, while a retry or a restart still rewrites the leaderboard
 * entries of the match's players and of those an earlier attempt recorded on the job
 * (docs/rating.md#redelivery).
 */
describe('rating job redelivery', () => {
  let env: TestEnv;
  let url: string;
  let worker: INestApplicationContext;
  // Real BullMQ jobs the handler is given by hand, in a queue no worker takes from.
  let side: Queue<RatingJob>;

  beforeAll(async () => {
    env = await createTestEnv();
    url = (await env.startApi()).url;
    worker = await env.startWorker();
    side = new Queue('rating-redelivery-spec', { connection: bullConnection(env.config.REDIS_URL), prefix: bullPrefix(env.config.REDIS_PREFIX) });
  });
  afterAll(async () => {
    await side.close();
    await env.close();
  });

  /** A job of its `attempt` (1 a first delivery) that started `started` times. */
  async function delivery(data: RatingJob, attempt: number, started = attempt) {
    const job = await side.add('rate', data);
    job.attemptsMade = attempt - 1;
    job.attemptsStarted = started;
    return job;
  }

  it('does no write for a first delivery of a rated match, and repairs the boards on a retry or a restart', async () => {
    const m = await fullMatch(env, url, '1v1', { ranked: true });
    const [a, b] = m.all;
    await start(url, a, m.match_id).expect(200);
    await report(url, a, '1v1', m.match_id, 11, 5).expect(200);
    await report(url, b, '1v1', m.match_id, 5, 11).expect(200);
    const boards = worker.get(Leaderboards);
    const boardRating = async () => (await boards.entriesOf('world', [a.userId])).get(a.userId)?.rating;
    const storedRating = async () => (await env.sql<{ rating: number }>(`SELECT rating FROM ratings WHERE pool = 'overall' AND user_id = $1`, [a.userId]))[0]?.rating;
    // The real job rated the match and wrote the winner's entry.
    await eventually(async () => (await storedRating()) !== undefined && (await boardRating()) === (await storedRating()), 15000);

    // A Redis hiccup left the winner's entry stale: the stored rating moved, the board did not.
    await env.sql(`UPDATE ratings SET rating = rating + 100 WHERE pool = 'overall' AND user_id = $1`, [a.userId]);
    const stale = await boardRating();
    const handler = worker.get(RatingHandler);
    const run = jest.spyOn(worker.get(UnitOfWork), 'run');
    const refresh = jest.spyOn(boards, 'refresh');
    const events = () => env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [m.match_id]);
    try {
      // A duplicate first delivery: no transaction, no outbox row, no leaderboard write.
      expect(await handler.handle({ matchId: m.match_id }, await delivery({ matchId: m.match_id }, 1))).toEqual([]);
      expect(run).not.toHaveBeenCalled();
      expect(refresh).not.toHaveBeenCalled();
      expect(await boardRating()).toBe(stale);

      // A retry after a failed attempt rewrites the match's players' entries, applying nothing twice.
      await handler.handle({ matchId: m.match_id }, await delivery({ matchId: m.match_id }, 2));
      expect(refresh).toHaveBeenCalledWith(expect.arrayContaining([a.userId, b.userId]));
      expect(await boardRating()).toBe(await storedRating());

      // So does a restart after a crash (the job stalled and started again, no failure counted).
      await env.sql(`UPDATE ratings SET rating = rating + 100 WHERE pool = 'overall' AND user_id = $1`, [a.userId]);
      await handler.handle({ matchId: m.match_id }, await delivery({ matchId: m.match_id }, 1, 2));
      expect(await boardRating()).toBe(await storedRating());
      expect(await events()).toHaveLength(2);
      expect(await env.sql(`SELECT games FROM ratings WHERE pool = 'overall' AND user_id = ANY($1::int[])`, [[a.userId, b.userId]])).toEqual([{ games: 1 }, { games: 1 }]);
    } finally {
      run.mockRestore();
      refresh.mockRestore();
    }
  });

  it('repairs, on a retry, the players an earlier attempt of a pool job recorded, not only those of its match', async () => {
    // Two matches: the pool job of the first one applied both, then its refresh failed.
    const first = await fullMatch(env, url, '1v1', { ranked: true });
    const other = await fullMatch(env, url, '1v1', { ranked: true });
    for (const m of [first, other]) {
      await start(url, m.all[0], m.match_id).expect(200);
      await report(url, m.all[0], '1v1', m.match_id, 11, 5).expect(200);
      await report(url, m.all[1], '1v1', m.match_id, 5, 11).expect(200);
    }
    const c = other.all[0];
    const boards = worker.get(Leaderboards);
    const boardRating = async () => (await boards.entriesOf('world', [c.userId])).get(c.userId)?.rating;
    const storedRating = async () => (await env.sql<{ rating: number }>(`SELECT rating FROM ratings WHERE pool = 'overall' AND user_id = $1`, [c.userId]))[0]?.rating;
    await eventually(async () => (await storedRating()) !== undefined && (await boardRating()) === (await storedRating()), 15000);
    await env.sql(`UPDATE ratings SET rating = rating + 100 WHERE pool = 'overall' AND user_id = $1`, [c.userId]);
    expect(await boardRating()).not.toBe(await storedRating());

    // The retry of the first match's job, whose failed attempt recorded the other match's players too.
    const players = [...first.all, ...other.all].map((p) => p.userId);
    await worker.get(RatingHandler).handle({ matchId: first.match_id, players }, await delivery({ matchId: first.match_id, players }, 2));
    expect(await boardRating()).toBe(await storedRating());
  });
});
