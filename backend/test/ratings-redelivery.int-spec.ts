import type { INestApplicationContext } from '@nestjs/common';
import { createTestEnv, type TestEnv } from './support/harness';
import { eventually, fullMatch, report, start } from './support/matches';
import { UnitOfWork } from '../src/database/unit-of-work';
import { Leaderboards } from '../src/ratings/leaderboards';
import { RatingHandler } from '../src/ratings/rating.handler';

/**
 * A rating job delivered again for a match already rated (a duplicate, or a match an earlier job's
 * batch took) ends after one read, while a retry or a restart still rewrites the match's players'
 * leaderboard entries (docs/rating.md#redelivery).
 */
describe('rating job redelivery', () => {
  let env: TestEnv;
  let url: string;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    env = await createTestEnv();
    url = (await env.startApi()).url;
    worker = await env.startWorker();
  });
  afterAll(() => env.close());

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
      expect(await handler.handle({ matchId: m.match_id }, { attemptsMade: 0, attemptsStarted: 1 })).toEqual([]);
      expect(run).not.toHaveBeenCalled();
      expect(refresh).not.toHaveBeenCalled();
      expect(await boardRating()).toBe(stale);

      // A retry after a failed attempt rewrites the match's players' entries, applying nothing twice.
      await handler.handle({ matchId: m.match_id }, { attemptsMade: 1, attemptsStarted: 2 });
      expect(refresh).toHaveBeenCalledWith(expect.arrayContaining([a.userId, b.userId]));
      expect(await boardRating()).toBe(await storedRating());

      // So does a restart after a crash (the job stalled and started again, no failure counted).
      await env.sql(`UPDATE ratings SET rating = rating + 100 WHERE pool = 'overall' AND user_id = $1`, [a.userId]);
      await handler.handle({ matchId: m.match_id }, { attemptsMade: 0, attemptsStarted: 2 });
      expect(await boardRating()).toBe(await storedRating());
      expect(await events()).toHaveLength(2);
      expect(await env.sql(`SELECT games FROM ratings WHERE pool = 'overall' AND user_id = ANY($1::int[])`, [[a.userId, b.userId]])).toEqual([{ games: 1 }, { games: 1 }]);
    } finally {
      run.mockRestore();
      refresh.mockRestore();
    }
  });
});
