import type { Queue } from 'bullmq';
import { createClient } from 'redis';
import { createTestEnv, TestEnv } from './support/harness';
import { eventually, fullMatch, player, report, start } from './support/matches';
import { createLeague, joinLeague } from './support/leagues';
import { createLeagueMatch, joinLeagueMatch, leagueReport, leagueStart } from './support/league-matches';
import { MATCH_DEADLINES_MS } from '../src/matches/match-deadlines';
import { bullPrefix, QUEUE_TOKENS } from '../src/jobs/queues';
import { MatchDeadlineReconciler } from '../src/matches/match-deadline-reconciler';

/**
 * Deadlines after a Redis that lost its data (docs/jobs.md#deadlines-after-a-redis-loss): the
 * deadline queue's keys are wiped, as a Redis restarted without AOF would have them, and a worker
 * that boots puts every open match's deadlines back from the matches' own timestamps; those
 * already due fire at once.
 */
describe('match deadlines survive a Redis that lost its data', () => {
  let env: TestEnv;
  let url: string;
  let queue: Queue;

  beforeAll(async () => {
    env = await createTestEnv();
    const api = await env.startApi();
    url = api.url;
    queue = api.app.get(QUEUE_TOKENS['match-deadlines']);
    await env.startWorker();
  });
  afterAll(() => env.close());

  const hoursAgo = (column: string, id: number, h: number) => env.sql(`UPDATE matches SET ${column} = now() - ($2::int * interval '1 hour') WHERE id = $1`, [id, h]);
  const statusOf = async (id: number) =>
    (await env.sql<{ status: string; moderation: boolean }>(`SELECT status, moderation_since IS NOT NULL AS moderation FROM matches WHERE id = $1`, [id]))[0];

  async function wipeDeadlineQueue(): Promise<void> {
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${bullPrefix(env.config.REDIS_PREFIX)}:match-deadlines:*`, COUNT: 500 })) {
      const batch = Array.isArray(keys) ? keys : [keys];
      if (batch.length) await redis.del(batch);
    }
    await redis.quit();
  }

  it('re-enqueues every open match’s deadlines, league matches included, and fires those already due', async () => {
    // Started just now, nobody reported: both deadlines still to come.
    const fresh = await fullMatch(env, url, '1v1', { ranked: false });
    await start(url, fresh.creator, fresh.match_id).expect(200);
    // Started 49 h ago with one side reported: the single report is due.
    const stale = await fullMatch(env, url, '1v1', { ranked: false });
    await start(url, stale.creator, stale.match_id).expect(200);
    await report(url, stale.creator, '1v1', stale.match_id, 11, 4).expect(200);
    // A league match disputed 73 h ago: due for the ops' queue.
    const admin = await player(env, url);
    const rival = await player(env, url);
    const league = await createLeague(url, admin);
    await joinLeague(url, rival, league.league_id).expect(200);
    const lm = await createLeagueMatch(url, admin, league.league_id, '1v1');
    await joinLeagueMatch(url, rival, league.league_id, lm.match_code).expect(200);
    await leagueStart(url, admin, lm.match_id).expect(200);
    await leagueReport(url, admin, league.league_id, lm.match_id, '1v1', 11, 3, { opponentId: rival.userId }).expect(200);
    await leagueReport(url, rival, league.league_id, lm.match_id, '1v1', 11, 3, { opponentId: admin.userId }).expect(200);
    expect((await statusOf(lm.match_id)).status).toBe('disputed');

    await eventually(async () => (await queue.getJob(`void-dispute-${lm.match_id}`)) && (await queue.getJob(`single-report-${stale.match_id}`)));
    await wipeDeadlineQueue();
    expect(await queue.getJob(`second-reminder-${fresh.match_id}`)).toBeUndefined();
    await hoursAgo('started_at', stale.match_id, 49);
    await hoursAgo('disputed_at', lm.match_id, 73);

    // A worker boots (a restart, or another replica): it reconciles at once.
    await env.startWorker();

    const reminder = await eventually(() => queue.getJob(`second-reminder-${fresh.match_id}`));
    const single = await eventually(() => queue.getJob(`single-report-${fresh.match_id}`));
    // Due when the match's own start says, not a full delay from now.
    expect(reminder.timestamp + reminder.opts.delay!).toBeLessThanOrEqual(Date.now() + MATCH_DEADLINES_MS.secondReminder + 5000);
    expect(reminder.opts.delay).toBeGreaterThan(MATCH_DEADLINES_MS.secondReminder - 120_000);
    expect(single.opts.delay).toBeGreaterThan(MATCH_DEADLINES_MS.singleReport - 120_000);
    expect(await reminder.getState()).toBe('delayed');

    await eventually(async () => (await statusOf(stale.match_id)).status === 'completed');
    const [settled] = await env.sql(`SELECT team_a_score, team_b_score, settled_by FROM matches WHERE id = $1`, [stale.match_id]);
    expect(settled).toEqual({ team_a_score: 11, team_b_score: 4, settled_by: 'single-report' });
    await eventually(async () => (await statusOf(lm.match_id)).moderation);
    // Its next deadline follows from the move, as without the loss.
    await eventually(() => queue.getJob(`moderation-void-${lm.match_id}`));
  });

  it('leaves a job that exists alone', async () => {
    const m = await fullMatch(env, url, '1v1', { ranked: false });
    await start(url, m.creator, m.match_id).expect(200);
    const scheduled = await eventually(() => queue.getJob(`single-report-${m.match_id}`));
    const worker = await env.startWorker();
    // As the worker's own timer does, a pass that met a producer still reconnecting after the first
    // test's Redis loss is tried again.
    const offered = await eventually(() =>
      worker
        .get(MatchDeadlineReconciler)
        .reconcile()
        .catch(() => undefined),
    );
    expect(offered).toBeGreaterThan(0);
    const after = (await queue.getJob(`single-report-${m.match_id}`))!;
    expect([after.timestamp, after.opts.delay]).toEqual([scheduled.timestamp, MATCH_DEADLINES_MS.singleReport]);
  });
});
