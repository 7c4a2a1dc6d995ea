import { DataSource, type QueryRunner } from 'typeorm';
import { useTestApp, type TestEnv } from './support/harness';
import { seedRanked } from './support/ranked';
import { MatchesRepository } from '../src/matches/matches.repository';
import { RatingsRepository } from '../src/ratings/ratings.repository';
import { applyPendingRatings } from '../src/ratings/rating-applier';

/**
 * docs/rating.md#order-of-application: the rating job only looks past its mark (the newest rated
 * match's completed_at, id), so a completion must never commit with a completed_at before a match
 * that was already rated. Two completions overlap here: the one whose transaction began first
 * commits last, after the other was rated. completed_at is taken under the completion lock with
 * clock_timestamp(), not now() (the transaction's start), so it still lands after the mark.
 */
describe('rating order when completions overlap', () => {
  let env: TestEnv;
  let db: DataSource;
  let matches: MatchesRepository;
  let ratings: RatingsRepository;

  useTestApp({}, (started) => {
    env = started.env;
    db = started.apis[0].app.get(DataSource);
    matches = started.apis[0].app.get(MatchesRepository);
    ratings = started.apis[0].app.get(RatingsRepository);
  });

  async function inProgress1v1(code: string, a: number, b: number): Promise<number> {
    const [{ id }] = await env.sql<{ id: number }>(
      `INSERT INTO matches (code, match_type, scoring_type, ranked, status, creator_id, started_at)
       VALUES ($2, '1v1', '1s & 2s to 11', true, 'in-progress', $1, now()) RETURNING id`,
      [a, code],
    );
    await env.sql(`INSERT INTO match_players (match_id, user_id, team) VALUES ($1, $2, 'A'), ($1, $3, 'B')`, [id, a, b]);
    return id;
  }

  async function rate(): Promise<void> {
    const qr = db.createQueryRunner();
    await qr.connect();
    try {
      await qr.startTransaction();
      await applyPendingRatings(ratings, qr.manager);
      await qr.commitTransaction();
    } finally {
      await qr.release();
    }
  }

  const eventsOf = async (matchId: number) => (await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1 AND pool = 'overall'`, [matchId])).length;

  it('rates a completion whose transaction began before another one that was rated first', async () => {
    const [a, b, c, d] = await seedRanked(env, [{ name: 'order_a' }, { name: 'order_b' }, { name: 'order_c' }, { name: 'order_d' }]);
    const early = await inProgress1v1('QRDRAA', a, b);
    const late = await inProgress1v1('QRDRAB', c, d);

    const first: QueryRunner = db.createQueryRunner();
    await first.connect();
    try {
      // The early completion's transaction begins (and reads) first: now() would be fixed here.
      await first.startTransaction();
      await first.query(`SELECT now()`);
      await new Promise((r) => setTimeout(r, 20));

      // The late one begins after it, completes, commits and is rated: the mark moves to it.
      const second = db.createQueryRunner();
      await second.connect();
      await second.startTransaction();
      await matches.markCompleted(late, { a: 11, b: 5 }, 'agreed', second.manager);
      await second.commitTransaction();
      await second.release();
      await rate();
      expect(await eventsOf(late)).toBe(2);

      // Only now does the early one complete and commit.
      await matches.markCompleted(early, { a: 11, b: 7 }, 'agreed', first.manager);
      await first.commitTransaction();
    } finally {
      await first.release();
    }
    await rate();
    expect(await eventsOf(early)).toBe(2);
    const [row] = await env.sql<{ after_mark: boolean }>(
      `SELECT (e.completed_at, e.id) > (l.completed_at, l.id) AS after_mark FROM matches e, matches l WHERE e.id = $1 AND l.id = $2`,
      [early, late],
    );
    expect(row.after_mark).toBe(true);
  });
});
