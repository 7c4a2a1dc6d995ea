import request from 'supertest';
import { MSG, REPORT_REASONS, type AdminReportsResponse } from '@gotnext/shared';
import { TestEnv, useTestApp } from './support/harness';
import { auth, player } from './support/matches';

describe('player reports and the ops page that reads them (docs/social.md#reports)', () => {
  let env: TestEnv;
  let url: string;
  const ops = { Authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}` };

  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  const report = (from: { token: string }, body: Record<string, unknown>) =>
    request(url)
      .post('/api/report')
      .set(auth(from as never))
      .send(body);

  it('stores a report with its reporter and time, once per player, reason and day', async () => {
    const alice = await player(env, url, false);
    const cheat = await player(env, url, false);
    const res = await report(alice, { reported_user_id: cheat.userId, reason: 'Win Boosting', details: '', submitted_by: alice.userId }).expect(201);
    expect(res.body).toEqual({ message: MSG.reportSubmitted });
    const [row] = await env.sql<{ reporter_id: number; reason: string; details: string | null; created_at: Date }>(
      `SELECT reporter_id, reason, details, created_at FROM player_reports WHERE reported_user_id = $1`,
      [cheat.userId],
    );
    expect(row).toMatchObject({ reporter_id: alice.userId, reason: 'Win Boosting', details: null });
    expect(Date.now() - row.created_at.getTime()).toBeLessThan(60_000);

    expect((await report(alice, { reported_user_id: cheat.userId, reason: 'Win Boosting' }).expect(409)).body.message).toBe(MSG.reportDuplicate);
    await report(alice, { reported_user_id: cheat.userId, reason: 'Other', details: '  Threw every game on purpose.  ' }).expect(201);
    expect((await env.sql(`SELECT details FROM player_reports WHERE reason = 'Other' AND reported_user_id = $1`, [cheat.userId]))[0]).toEqual({
      details: 'Threw every game on purpose.',
    });
    // Another day is another report.
    await env.sql(`UPDATE player_reports SET report_day = report_day - 1 WHERE reported_user_id = $1`, [cheat.userId]);
    await report(alice, { reported_user_id: cheat.userId, reason: 'Win Boosting' }).expect(201);
  });

  it('refuses in words: no reason, an unknown one, self, a missing player, a payload id that is not the caller', async () => {
    const alice = await player(env, url, false);
    const bob = await player(env, url, false);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ reported_user_id: bob.userId }, 400, MSG.reportReasonRequired],
      [{ reported_user_id: bob.userId, reason: '' }, 400, MSG.reportReasonRequired],
      [{ reported_user_id: bob.userId, reason: 'Being tall' }, 400, MSG.reportReasonRequired],
      [{ reported_user_id: alice.userId, reason: 'Other' }, 400, MSG.cannotReportSelf],
      [{ reported_user_id: 999999, reason: 'Other' }, 404, MSG.playerNotFound],
      [{ reason: 'Other' }, 400, MSG.playerNotFound],
      [{ reported_user_id: bob.userId, reason: 'Other', details: 'x'.repeat(1001) }, 400, MSG.reportDetailsTooLong],
      [{ reported_user_id: bob.userId, reason: 'Other', submitted_by: bob.userId }, 403, MSG.forbiddenActor],
      [{ reported_user_id: bob.userId, reason: 'Other', reporter: 1 }, 400, MSG.unknownField('reporter')],
    ];
    for (const [body, status, message] of cases) {
      const res = await report(alice, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
    }
    await request(url).post('/api/report').send({ reported_user_id: bob.userId, reason: 'Other' }).expect(401);
    expect(await env.sql(`SELECT 1 FROM player_reports WHERE reporter_id = $1`, [alice.userId])).toHaveLength(0);
  });

  it('shows operators the newest first, with the distinct reporters per player; nobody else', async () => {
    const target = await player(env, url, false);
    const other = await player(env, url, false);
    const reporters = await Promise.all([0, 1, 2].map(() => player(env, url, false)));
    for (const [i, r] of reporters.entries()) await report(r, { reported_user_id: target.userId, reason: REPORT_REASONS[i] }).expect(201);
    await report(reporters[0], { reported_user_id: target.userId, reason: 'Other', details: 'again' }).expect(201);
    await report(reporters[1], { reported_user_id: other.userId, reason: 'Inappropriate Content' }).expect(201);

    const body: AdminReportsResponse = (await request(url).get('/api/admin/reports').set(ops).expect(200)).body;
    expect(body.reports[0]).toMatchObject({
      reported_user_id: other.userId,
      reported_username: other.username,
      reporter_id: reporters[1].userId,
      reporter_username: reporters[1].username,
      reason: 'Inappropriate Content',
      distinct_reporters: 1,
    });
    expect(body.reports[1]).toMatchObject({ reported_user_id: target.userId, reason: 'Other', details: 'again', distinct_reporters: 3 });
    const times = body.reports.map((r) => r.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.players.find((p) => p.user_id === target.userId)).toMatchObject({ username: target.username, distinct_reporters: 3, reports: 4 });
    const order = body.players.map((p) => p.distinct_reporters);
    expect([...order].sort((a, b) => b - a)).toEqual(order);

    expect((await request(url).get('/api/admin/reports').expect(401)).body.message).toBe(MSG.adminCredentialsRequired);
    await request(url).get('/api/admin/reports').set(auth(target)).expect(401);
    await request(url)
      .get('/api/admin/reports')
      .set({ Authorization: `Basic ${Buffer.from('admin:wrong').toString('base64')}` })
      .expect(401);
  });
});
