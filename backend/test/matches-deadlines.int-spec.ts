import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, eventually, fullMatch, report, start } from './support/matches';
import { MatchDeadlinesHandler } from '../src/matches/match-deadlines.handler';
import { MATCH_DEADLINES_MS } from '../src/matches/match-deadlines';
import { QUEUE_TOKENS } from '../src/jobs/queues';
import type { Queue } from 'bullmq';

/**
 * Deadlines without waiting hours: the match's clock is moved back in the database (the handler
 * checks elapsed time against PostgreSQL's clock), then the real handler of the worker runs the
 * job, and runs it again to prove it idempotent.
 */
describe('match deadlines: second reminder at 24 h, single report stands at 48 h, dispute voided at 72 h', () => {
  let env: TestEnv;
  let url: string;
  let deadlines: MatchDeadlinesHandler;
  let queue: Queue;

  beforeAll(async () => {
    env = await createTestEnv();
    const api = await env.startApi();
    url = api.url;
    queue = api.app.get(QUEUE_TOKENS['match-deadlines']);
    deadlines = (await env.startWorker()).get(MatchDeadlinesHandler);
  });
  afterAll(() => env.close());

  const hoursAgo = (column: string, id: number, h: number) => env.sql(`UPDATE matches SET ${column} = now() - ($2::int * interval '1 hour') WHERE id = $1`, [id, h]);

  it('schedules the deadlines as delayed jobs when the match starts', async () => {
    const m = await fullMatch(env, url, '1v1', { ranked: false });
    await start(url, m.creator, m.match_id).expect(200);
    const reminder = await queue.getJob(`second-reminder-${m.match_id}`);
    const single = await queue.getJob(`single-report-${m.match_id}`);
    expect(reminder?.opts.delay).toBe(MATCH_DEADLINES_MS.secondReminder);
    expect(single?.opts.delay).toBe(MATCH_DEADLINES_MS.singleReport);
    expect(await reminder!.getState()).toBe('delayed');
  });

  it('reminds the silent side once at 24 h, and lets the single report stand at 48 h', async () => {
    const m = await fullMatch(env, url, '2v2', { ranked: true });
    await start(url, m.creator, m.match_id).expect(200);
    await report(url, m.teamA[0], '2v2', m.match_id, 11, 6).expect(200);
    // Too early: nothing happens.
    expect(await deadlines.handle({ kind: 'second-reminder', matchId: m.match_id })).toBe('nothing');
    expect(await deadlines.handle({ kind: 'single-report', matchId: m.match_id })).toBe('nothing');

    await hoursAgo('started_at', m.match_id, 25);
    expect(await deadlines.handle({ kind: 'second-reminder', matchId: m.match_id })).toBe('reminded');
    expect(await deadlines.handle({ kind: 'second-reminder', matchId: m.match_id })).toBe('nothing');
    const second = await env.sql<{ user_id: number }>(`SELECT user_id FROM notifications WHERE match_id = $1 AND message = $2`, [m.match_id, MSG.scoreReminderSecond('2v2')]);
    expect(second.map((r) => r.user_id).sort()).toEqual(m.teamB.map((p) => p.userId).sort());
    expect(await deadlines.handle({ kind: 'single-report', matchId: m.match_id })).toBe('nothing');

    await hoursAgo('started_at', m.match_id, 49);
    const [first, again] = await Promise.all([deadlines.handle({ kind: 'single-report', matchId: m.match_id }), deadlines.handle({ kind: 'single-report', matchId: m.match_id })]);
    expect([first, again].sort()).toEqual(['completed', 'nothing']);
    const [row] = await env.sql(`SELECT status, team_a_score, team_b_score, settled_by FROM matches WHERE id = $1`, [m.match_id]);
    expect(row).toEqual({ status: 'completed', team_a_score: 11, team_b_score: 6, settled_by: 'single-report' });
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [m.match_id])).length === 4);
    const late = await report(url, m.teamB[0], '2v2', m.match_id, 6, 11);
    expect([late.status, late.body]).toEqual([409, { message: MSG.matchAlreadyCompleted }]);
  });

  it('moves a dispute still open at 72 h to the ops queue, and voids it 7 days later when ops left it untouched: no rating, hidden from history, counted as a dispute', async () => {
    const m = await fullMatch(env, url, '1v1', { ranked: true });
    const [a, b] = m.all;
    await start(url, a, m.match_id).expect(200);
    await report(url, a, '1v1', m.match_id, 11, 2).expect(200);
    await report(url, b, '1v1', m.match_id, 11, 2).expect(200);
    expect(await deadlines.handle({ kind: 'void-dispute', matchId: m.match_id })).toBe('nothing');
    await hoursAgo('disputed_at', m.match_id, 73);
    expect(await deadlines.handle({ kind: 'void-dispute', matchId: m.match_id })).toBe('moderation');
    expect(await deadlines.handle({ kind: 'void-dispute', matchId: m.match_id })).toBe('nothing');
    const [queued] = await env.sql(`SELECT status, moderation_since IS NOT NULL AS queued FROM matches WHERE id = $1`, [m.match_id]);
    expect(queued).toEqual({ status: 'disputed', queued: true });
    await eventually(async () => (await queue.getJob(`moderation-void-${m.match_id}`))?.opts.delay === MATCH_DEADLINES_MS.moderationVoid);
    // Too early: still waiting for ops.
    expect(await deadlines.handle({ kind: 'moderation-void', matchId: m.match_id })).toBe('nothing');
    await hoursAgo('moderation_since', m.match_id, 7 * 24 + 1);
    expect(await deadlines.handle({ kind: 'moderation-void', matchId: m.match_id })).toBe('voided');
    expect(await deadlines.handle({ kind: 'moderation-void', matchId: m.match_id })).toBe('nothing');
    const [row] = await env.sql(`SELECT status, voided, team_a_score FROM matches WHERE id = $1`, [m.match_id]);
    expect(row).toEqual({ status: 'completed', voided: true, team_a_score: null });
    const stats = await request(url).get(`/api/user-stats/${a.userId}?fullHistory=true`).set(auth(a)).expect(200);
    expect(stats.body.match_history).toEqual([]);
    expect(stats.body.match_statistics).toEqual({ total_wins: 0, total_losses: 0, total_disputes: 1, games_played: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [m.match_id])).toHaveLength(0);
    const flags = await env.sql<{ match_completed: boolean }>(`SELECT match_completed FROM notifications WHERE match_id = $1 AND type = 'dispute'`, [m.match_id]);
    expect(flags).toEqual([{ match_completed: true }, { match_completed: true }]);
  });

  it('runs a due deadline through BullMQ itself (enqueued with no delay)', async () => {
    const m = await fullMatch(env, url, '1v1', { ranked: false });
    await start(url, m.creator, m.match_id).expect(200);
    await report(url, m.creator, '1v1', m.match_id, 3, 5).expect(200);
    await hoursAgo('started_at', m.match_id, 50);
    await queue.add('single-report', { kind: 'single-report', matchId: m.match_id }, { jobId: `test-single-report-${m.match_id}` });
    await eventually(async () => (await env.sql<{ status: string }>(`SELECT status FROM matches WHERE id = $1`, [m.match_id]))[0].status === 'completed');
  });
});
