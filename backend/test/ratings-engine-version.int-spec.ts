import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ENGINE_VERSION, RATING_PARAMS } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { createMatch, eventually, join, player, Player, report, start } from './support/matches';
import { checkRatingsAgainstReplay } from '../src/ratings/rating-replay-check';
import { rewriteRatings } from '../src/ratings/rating-rewrite';
import { RatingUncertainty1764910000000 } from '../src/database/migrations/1764910000000-RatingUncertainty';
import { RatingEngineUpgrade } from '../src/ratings/rating-engine-upgrade';
import type { INestApplicationContext } from '@nestjs/common';

/**
 * Issue 46: ratings stored by an older engine move to the current one by replaying history
 * (docs/rating.md#rebuild): the migration and `ratings:rebuild --write` give what rating each
 * match live gives, with the uncertainty and the engine version on every event.
 */
describe('rating engine version: migration and rewrite', () => {
  let env: TestEnv;
  let url: string;
  let db: DataSource;
  let worker: INestApplicationContext;
  let ratingQueue: Queue;
  let players: Player[];

  beforeAll(async () => {
    env = await createTestEnv();
    const api = await env.startApi();
    url = api.url;
    worker = await env.startWorker();
    db = worker.get<DataSource>(DataSource);
    ratingQueue = api.app.get<Queue>('QUEUE_rating');
    players = [];
    for (let i = 0; i < 4; i += 1) players.push(await player(env, url, true));
  });
  afterAll(() => env.close());

  async function play(a: Player, b: Player, scoreA: number, scoreB: number) {
    const m = await createMatch(url, a, '1v1', { ranked: true, scoringType: '1s & 2s to 11' });
    await join(url, b, '1v1', m.match_code).expect(200);
    await start(url, a, m.match_id).expect(200);
    await report(url, a, '1v1', m.match_id, scoreA, scoreB).expect(200);
    await report(url, b, '1v1', m.match_id, scoreB, scoreA).expect(200);
  }

  const snapshot = () =>
    env.sql<{ user_id: number; rating: number; sigma: number; games: number; wins: number; losses: number }>(
      `SELECT user_id, rating, sigma, games, wins, losses FROM ratings WHERE pool = 'overall' ORDER BY user_id`,
    );

  it('stores the uncertainty and the engine version with every event, and the migration moves older ratings to the current engine', async () => {
    const [a, b, c, d] = players;
    await play(a, b, 11, 4);
    await play(c, d, 9, 11);
    await play(a, c, 11, 10);
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events`)).length === 6, 15000);
    await eventually(async () => {
      const n = await ratingQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return n.waiting + n.active + n.delayed + (n.prioritized ?? 0) === 0;
    }, 15000);
    const live = await snapshot();
    const events = await env.sql<{ engine_version: number; sigma_before: number; sigma_after: number }>(`SELECT engine_version, sigma_before, sigma_after FROM rating_events`);
    expect(events.every((e) => e.engine_version === ENGINE_VERSION && e.sigma_after < e.sigma_before)).toBe(true);
    // a played twice: surer than after one match, still no surer than the engine's floor.
    const aState = live.find((r) => r.user_id === a.userId)!;
    expect(aState.sigma).toBeLessThan(live.find((r) => r.user_id === b.userId)!.sigma);
    expect(aState.sigma).toBeGreaterThanOrEqual(RATING_PARAMS.minSigma);
    expect(await checkRatingsAgainstReplay(db)).toEqual({ matches: 3, players: 4, differences: [] });

    // As a database from before the uncertainty was kept: the columns gone, other numbers stored.
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    await new RatingUncertainty1764910000000().down(runner);
    await runner.query(`UPDATE ratings SET rating = rating + 7`);
    await runner.query(`UPDATE rating_events SET after = after + 7`);
    await runner.commitTransaction();

    await runner.startTransaction();
    await new RatingUncertainty1764910000000().up(runner);
    await runner.commitTransaction();
    await runner.release();
    // The migration only marks the old events; the worker's boot step moves them, once.
    expect(await env.sql(`SELECT 1 FROM rating_events WHERE engine_version <> $1`, [ENGINE_VERSION])).toHaveLength(6);
    expect(await worker.get(RatingEngineUpgrade).run()).toBe(true);
    expect(await worker.get(RatingEngineUpgrade).run()).toBe(false);
    // Exactly what rating each match as it completed gave, record kept, every event of this version.
    expect(await snapshot()).toEqual(live);
    expect(await env.sql(`SELECT 1 FROM rating_events WHERE engine_version <> $1`, [ENGINE_VERSION])).toHaveLength(0);
    expect(await checkRatingsAgainstReplay(db)).toEqual({ matches: 3, players: 4, differences: [] });
  });

  it('the rebuild reports events of another engine version, and --write replays them under this one', async () => {
    await env.sql(`UPDATE rating_events SET engine_version = 1 WHERE user_id = $1`, [players[0].userId]);
    await env.sql(`UPDATE ratings SET sigma = $1 WHERE user_id = $2`, [RATING_PARAMS.initialSigma, players[1].userId]);
    const stale = await checkRatingsAgainstReplay(db);
    expect(stale.differences.filter((x) => x.includes('rated by engine version 1'))).toHaveLength(2);
    expect(stale.differences.some((x) => x.startsWith(`player ${players[1].userId}: stored`))).toBe(true);
    await db.transaction((m) => rewriteRatings(db, m));
    expect(await checkRatingsAgainstReplay(db)).toEqual({ matches: 3, players: 4, differences: [] });
  });
});
