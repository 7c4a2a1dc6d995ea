import request from 'supertest';
import { COURT_MSG, codeStep, type CourtPageResponse } from '@gotnext/shared';
import { codeAt } from '../src/courts/court-code';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, player } from './support/matches';
import { addLiveCourt, checkIn, hostCode, page, post } from './support/courts';

/** docs/courts.md#check-in: sessions, the host's rotating code, the location check, one court at a time, leaving, idling. */
describe('court sessions and check-in', () => {
  let env: TestEnv;
  let url: string;

  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  const players = (n: number) => Promise.all(Array.from({ length: n }, () => player(env, url)));
  const secretOf = async (courtId: number) =>
    (await env.sql<{ secret: Buffer }>(`SELECT secret FROM court_sessions WHERE court_id = $1 AND ended_at IS NULL`, [courtId]))[0].secret;

  it('the first check-in opens the run and hosts it; others need the current code', async () => {
    const [host, b] = await players(2);
    const courtId = await addLiveCourt(env, url, host);
    const opened = (await checkIn(url, host, courtId).expect(200)).body as CourtPageResponse;
    expect(opened.session!.host.user_id).toBe(host.userId);
    expect(opened.me.is_host).toBe(true);

    await checkIn(url, b, courtId).expect(400, { message: COURT_MSG.codeRequired });
    await checkIn(url, b, courtId, { code: '000000' === (await hostCode(url, host, courtId)) ? '111111' : '000000' }).expect(403, { message: COURT_MSG.codeWrong });
    await request(url).get(`/api/courts/${courtId}/code`).set(auth(b)).expect(403, { message: COURT_MSG.notCheckedIn });
    const code = await hostCode(url, host, courtId);
    expect(code).toMatch(/^\d{6}$/);
    const joined = (await checkIn(url, b, courtId, { code }).expect(200)).body as CourtPageResponse;
    expect(joined.session!.players.map((p) => p.user_id)).toEqual([host.userId, b.userId]);
    expect(joined.court.headcount).toBe(2);
    await request(url).get(`/api/courts/${courtId}/code`).set(auth(b)).expect(403, { message: COURT_MSG.notHost });
  });

  it('a code from two steps ago (a screenshot a minute old) is refused; the previous step still works', async () => {
    const [host, late, onTime] = await players(3);
    const courtId = await addLiveCourt(env, url, host);
    await checkIn(url, host, courtId).expect(200);
    const secret = await secretOf(courtId);
    const now = codeStep(Date.now());
    const stale = codeAt(secret, now - 2);
    // Unless the two codes happen to be the same digits, which the current step would accept.
    if (stale !== codeAt(secret, now) && stale !== codeAt(secret, now - 1)) await checkIn(url, late, courtId, { code: stale }).expect(403, { message: COURT_MSG.codeWrong });
    await checkIn(url, onTime, courtId, { code: codeAt(secret, codeStep(Date.now()) - 1) }).expect(200);
  });

  it('a shared position must be near the court', async () => {
    const [host, b] = await players(2);
    const courtId = await addLiveCourt(env, url, host, { lat: 40.8296, lng: -73.9362 });
    await checkIn(url, host, courtId, { lat: 40.75, lng: -73.99 }).expect(403, { message: COURT_MSG.tooFar });
    await checkIn(url, host, courtId, { lat: 40.8298, lng: -73.936 }).expect(200);
    await checkIn(url, b, courtId, { code: await hostCode(url, host, courtId), lat: 40.8296 }).expect(400, { message: COURT_MSG.locationInvalid });
  });

  it('a player is checked in at one court at a time', async () => {
    const [host1, host2, p] = await players(3);
    const c1 = await addLiveCourt(env, url, host1);
    const c2 = await addLiveCourt(env, url, host2, { lat: 40.7, lng: -73.9 });
    await checkIn(url, host1, c1).expect(200);
    await checkIn(url, host2, c2).expect(200);
    await checkIn(url, p, c1, { code: await hostCode(url, host1, c1) }).expect(200);
    await checkIn(url, p, c2, { code: await hostCode(url, host2, c2) }).expect(409, { message: COURT_MSG.otherCourt });
    await post(url, p, `/api/courts/${c1}/leave`).expect(200, { message: COURT_MSG.left });
    await checkIn(url, p, c2, { code: await hostCode(url, host2, c2) }).expect(200);
  });

  it('two players checking in first at once open one run: one hosts, the other is asked for the code', async () => {
    const [a, b] = await players(2);
    const courtId = await addLiveCourt(env, url, a);
    const results = await Promise.all([checkIn(url, a, courtId), checkIn(url, b, courtId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const [{ n }] = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM court_sessions WHERE court_id = $1`, [courtId]);
    expect(n).toBe(1);
  });

  it('a leaving host passes the role to the longest checked-in player; the last one out ends the run', async () => {
    const [host, b, c] = await players(3);
    const courtId = await addLiveCourt(env, url, host);
    await checkIn(url, host, courtId).expect(200);
    await checkIn(url, b, courtId, { code: await hostCode(url, host, courtId) }).expect(200);
    await checkIn(url, c, courtId, { code: await hostCode(url, host, courtId) }).expect(200);
    await post(url, host, `/api/courts/${courtId}/leave`).expect(200);
    expect((await page(url, c, courtId).expect(200)).body.session.host.user_id).toBe(b.userId);
    await post(url, c, `/api/courts/${courtId}/host`, { user_id: host.userId }).expect(403, { message: COURT_MSG.notHost });
    await post(url, b, `/api/courts/${courtId}/host`, { user_id: host.userId }).expect(400, { message: COURT_MSG.hostTargetNotHere });
    await post(url, b, `/api/courts/${courtId}/host`, { user_id: c.userId }).expect(200, { message: COURT_MSG.hostPassed(c.username) });
    await post(url, b, `/api/courts/${courtId}/leave`).expect(200);
    await post(url, c, `/api/courts/${courtId}/leave`).expect(200);
    const after = (await page(url, host, courtId).expect(200)).body as CourtPageResponse;
    expect(after.session).toBeNull();
    expect(after.court.headcount).toBe(0);
    await post(url, c, `/api/courts/${courtId}/leave`).expect(403, { message: COURT_MSG.notCheckedIn });
  });

  it('a check-in idle past the limit has ended: it no longer counts, and the host role passes on', async () => {
    const [host, b] = await players(2);
    const courtId = await addLiveCourt(env, url, host);
    await checkIn(url, host, courtId).expect(200);
    await checkIn(url, b, courtId, { code: await hostCode(url, host, courtId) }).expect(200);
    await env.sql(`UPDATE court_checkins SET last_seen_at = now() - interval '3 hours' WHERE user_id = $1`, [host.userId]);
    const seen = (await page(url, b, courtId).expect(200)).body as CourtPageResponse;
    expect(seen.court.headcount).toBe(1);
    expect(seen.session!.players.map((p) => p.user_id)).toEqual([b.userId]);
    // The next write at the court ends it for good and hands the run over.
    await post(url, b, `/api/courts/${courtId}/queue`).expect(200);
    expect((await page(url, b, courtId).expect(200)).body.session.host.user_id).toBe(b.userId);
    // The idle host may check in elsewhere now.
    const elsewhere = await addLiveCourt(env, url, host, { lat: 40.6, lng: -73.9 });
    await checkIn(url, host, elsewhere).expect(200);
  });

  it('a deleted account leaves its court at once, and its host role passes on', async () => {
    const [host, b] = await players(2);
    const courtId = await addLiveCourt(env, url, host);
    await checkIn(url, host, courtId).expect(200);
    await checkIn(url, b, courtId, { code: await hostCode(url, host, courtId) }).expect(200);
    await request(url).delete('/api/delete-account').set(auth(host)).send({ password: 'hoops123' }).expect(200);
    const seen = (await page(url, b, courtId).expect(200)).body as CourtPageResponse;
    expect(seen.court.headcount).toBe(1);
    expect(seen.session!.host.user_id).toBe(b.userId);
  });
});
