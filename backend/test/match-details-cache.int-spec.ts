import request from 'supertest';
import { createClient } from 'redis';
import { OPS_REQUEST_HEADER } from '@gotnext/shared';
import { MatchDeadlinesHandler } from '../src/matches/match-deadlines.handler';
import { MatchesRepository } from '../src/matches/matches.repository';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, createMatch, details, eventually, join, player, report, resolve, start, type Player } from './support/matches';
import { photoWithExif } from './support/images';
import { PLAYER_PASSWORD } from './support/players';

/**
 * docs/scaling.md#cached-reads: match details come from a cache shared by the instances, and
 * every write that changes them, on instance 1 or in the worker, shows on instance 2 at the very
 * next read, with nothing to wait for. Each viewer still gets exactly what PostgreSQL would give.
 */
describe('match details cache across two instances', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  let rowsOfTwo: MatchesRepository;
  let deadlines: MatchDeadlinesHandler;
  // The ops screens' header too: an admin write without it is refused (docs/api.md#ops-writes).
  const ops = { Authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`, [OPS_REQUEST_HEADER]: '1' };

  useTestApp({ apis: 2 }, (started) => {
    env = started.env;
    [one, two] = started.apis.map((a) => a.url);
    rowsOfTwo = started.apis[1].app.get(MatchesRepository);
  });
  beforeAll(async () => {
    deadlines = (await env.startWorker()).get(MatchDeadlinesHandler);
  });

  const onTwo = async (p: Player, id: number) => (await details(two, p, id).expect(200)).body;
  const entry = async (id: number) => {
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    try {
      return await redis.get(`${env.config.REDIS_PREFIX}:match-details:${id}`);
    } finally {
      await redis.quit();
    }
  };
  const hoursAgo = (column: string, id: number, h: number) => env.sql(`UPDATE matches SET ${column} = now() - ($2::int * interval '1 hour') WHERE id = $1`, [id, h]);

  /** A 1v1 created on instance 1 and read on instance 2 (so its entry is filled there). */
  async function lobby(ranked = true) {
    const a = await player(env, one);
    const b = await player(env, one);
    const m = await createMatch(one, a, '1v1', { ranked, scoringType: '1s & 2s to 11' });
    await onTwo(a, m.match_id);
    return { a, b, id: m.match_id, code: m.match_code };
  }

  it('answers a hit without PostgreSQL, and every viewer exactly as PostgreSQL would', async () => {
    const { a, b, id, code } = await lobby();
    await join(one, b, '1v1', code).expect(200);
    const first = [await onTwo(a, id), await onTwo(b, id)];
    expect(await entry(id)).toContain(`"username":"${b.username}"`);
    const asked = jest.spyOn(rowsOfTwo, 'detailsOf');
    const again = [await onTwo(a, id), await onTwo(b, id)];
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
    expect(again).toEqual(first);
    expect(again[0].opponent.user_id).toBe(b.userId);
    expect(again[1].opponent.user_id).toBe(a.userId);
    // Byte for byte what an uncached read answers.
    const cached = (await details(two, a, id)).text;
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    await redis.del(`${env.config.REDIS_PREFIX}:match-details:${id}`);
    await redis.quit();
    expect((await details(two, a, id)).text).toBe(cached);
  });

  it('join, team change, leave and cancel on instance 1 show on instance 2 at once', async () => {
    const { a, b, id, code } = await lobby(false);
    await join(one, b, '1v1', code).expect(200);
    expect((await onTwo(a, id)).opponent?.user_id).toBe(b.userId);

    const c = await player(env, one);
    const team = await createMatch(one, c, '2v2', { ranked: false });
    const d = await player(env, one);
    await join(one, d, '2v2', team.match_code).expect(200);
    expect((await onTwo(c, team.match_id)).team_a.map((p: { user_id: number }) => p.user_id)).toEqual([c.userId, d.userId]);
    await request(one).post('/api/join-team').set(auth(d)).send({ match_id: team.match_id, user_id: d.userId }).expect(200);
    expect((await onTwo(c, team.match_id)).team_b.map((p: { user_id: number }) => p.user_id)).toEqual([d.userId]);

    await request(one).post(`/api/leave-match/${id}`).set(auth(b)).send({}).expect(200);
    const left = await onTwo(a, id);
    expect([left.opponent, left.status]).toEqual([null, 'waiting']);
    await details(two, b, id).expect(403);
    await request(one).post(`/api/cancel-match/${id}`).set(auth(a)).send({}).expect(200);
    expect((await onTwo(a, id)).status).toBe('cancelled');
  });

  it('start, reports, dispute and resolution on instance 1, and the rating from the worker, show on instance 2 at once', async () => {
    const { a, b, id, code } = await lobby();
    await join(one, b, '1v1', code).expect(200);
    expect((await onTwo(a, id)).status).toBe('ready');
    await start(one, a, id).expect(200);
    expect((await onTwo(b, id)).status).toBe('in-progress');
    await report(one, a, '1v1', id, 11, 4).expect(200);
    expect((await onTwo(b, id)).reported).toEqual({ A: true, B: false });
    await report(one, b, '1v1', id, 11, 4).expect(200);
    expect((await onTwo(a, id)).status).toBe('disputed');
    await resolve(one, a, '1v1', id, 11, 4).expect(200);
    await resolve(one, b, '1v1', id, 4, 11).expect(200);
    const done = await onTwo(b, id);
    expect([done.status, done.team_a_score, done.team_b_score, done.result.outcome]).toEqual(['completed', 11, 4, 'Loss']);
    // The rating job commits in the worker; its change reaches instance 2's entry too.
    const rated = await eventually(async () => {
      const seen = await onTwo(a, id);
      return !seen.result.rating_pending && seen;
    });
    expect(rated.result.rating_change).toMatch(/^\+/);
    expect(rated.team_a[0].rating).toBe(rated.result.rating_after);
  });

  it("the worker's deadlines and the ops' decision show on instance 2 at once", async () => {
    const { a, b, id, code } = await lobby();
    await join(one, b, '1v1', code).expect(200);
    await start(one, a, id).expect(200);
    await report(one, a, '1v1', id, 11, 2).expect(200);
    expect((await onTwo(a, id)).status).toBe('in-progress');
    await hoursAgo('started_at', id, 49);
    expect(await deadlines.handle({ kind: 'single-report', matchId: id })).toBe('completed');
    expect((await onTwo(b, id)).result.outcome).toBe('Loss');

    const other = await lobby(false);
    await join(one, other.b, '1v1', other.code).expect(200);
    await start(one, other.a, other.id).expect(200);
    await report(one, other.a, '1v1', other.id, 11, 2).expect(200);
    await report(one, other.b, '1v1', other.id, 11, 2).expect(200);
    await hoursAgo('disputed_at', other.id, 73);
    expect(await deadlines.handle({ kind: 'void-dispute', matchId: other.id })).toBe('moderation');
    expect((await onTwo(other.a, other.id)).status).toBe('disputed');
    await request(one).post(`/api/admin/disputes/${other.id}`).set(ops).send({ decision: 'void' }).expect(200);
    const voided = await onTwo(other.a, other.id);
    expect([voided.status, voided.result.outcome]).toEqual(['completed', 'Voided']);
  });

  it("a player's picture, rating preference and deletion on instance 1 show in the lobby on instance 2 at once", async () => {
    const { a, b, id, code } = await lobby(false);
    await join(one, b, '1v1', code).expect(200);
    const before = await onTwo(a, id);
    expect(before.opponent.rating).toBeDefined();

    await request(one)
      .put('/api/update-user')
      .set(auth(b))
      .attach('photo', await photoWithExif(200, 200, 1), { filename: 'me.jpg', contentType: 'image/jpeg' })
      .expect(200);
    const pictured = await onTwo(a, id);
    expect([pictured.opponent.profile_picture, pictured.opponent.profile_picture_version]).toEqual([`uploads/profile-pictures/${b.userId}.jpg`, 1]);

    await request(one)
      .put('/api/update-user')
      .set(auth(b))
      .send({ preferences: { displayRating: false } })
      .expect(200);
    expect((await onTwo(a, id)).opponent.rating).toBeUndefined();

    await env.sql(`UPDATE users SET id_verified = false WHERE id = $1`, [b.userId]); // no event: only the deletion below must show it
    await request(one).delete('/api/delete-account').set(auth(b)).send({ password: PLAYER_PASSWORD }).expect(200);
    const gone = await onTwo(a, id);
    expect([gone.opponent.username, gone.opponent.profile_picture, gone.opponent.verified]).toEqual(['Deleted player', null, undefined]);
  });
});
