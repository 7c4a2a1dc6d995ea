import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClosedPreferences1763820000000 } from '../src/database/migrations/1763820000000-ClosedPreferences';
import { MSG } from '@gotnext/shared';
import type { Socket } from 'socket.io-client';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, createMatch, player, type Player } from './support/matches';
import { connectSocket, socketReady } from './support/sockets';

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';
const TOO_BIG = 2 ** 31; // one past PostgreSQL's integer

/**
 * docs/api.md#input-refused-at-the-edge: hostile input gets a 4xx with `{ message }`, never a 500,
 * and is refused before any route runs: NUL bytes and lone surrogates in any string, ids beyond
 * PostgreSQL's integer, bodies nested too deep, preference keys outside the known set; and on the
 * socket every event is answered with an ack, an error one when it fails.
 */
describe('hostile input is refused at the edge', () => {
  let env: TestEnv;
  let url: string;
  let app: INestApplication;
  let me: Player;
  const sockets: Socket[] = [];

  useTestApp({ beforeClose: () => sockets.forEach((s) => s.close()) }, (started) => {
    env = started.env;
    ({ url, app } = started.apis[0]);
  });
  beforeAll(async () => {
    me = await player(env, url);
  });

  const refused = (res: request.Response) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
  };

  it.each([
    ['search', () => request(url).get(`/api/players?query=${encodeURIComponent(NUL)}`)],
    ['signup', () => request(url).post('/api/signup').send({ username: NUL, email: 'x@y.zz', password: 'secret1' })],
    ['login', () => request(url).post('/api/login').send({ identifier: NUL, password: 'secret1' })],
    [
      'forgot-password',
      () =>
        request(url)
          .post('/api/forgot-password')
          .send({ email: `${NUL}@x.com` }),
    ],
    [
      'send-verification-email',
      () =>
        request(url)
          .post('/api/send-verification-email')
          .send({ email: `${NUL}@x.com` }),
    ],
    ['reset-password', () => request(url).post('/api/reset-password').send({ token: NUL, password: 'secret12' })],
    ['verify-email', () => request(url).get('/api/verify-email/a%00b')],
    ['match type', () => request(url).get('/api/get-match-type?match_code=a%00b').set(auth(me))],
    ['join', () => request(url).post('/api/join-match-1v1').set(auth(me)).send({ match_code: NUL })],
    ['update-user (JSON)', () => request(url).put('/api/update-user').set(auth(me)).send({ bio: NUL })],
    ['update-user (multipart)', () => request(url).put('/api/update-user').set(auth(me)).field('bio', NUL)],
    ['block', () => request(url).post('/api/block-user').set(auth(me)).send({ username: NUL })],
    ['unblock', () => request(url).post('/api/unblock-user').set(auth(me)).send({ username: NUL })],
    ['lone surrogate (signup)', () => request(url).post('/api/signup').set('content-type', 'application/json').send(`{"username":"a\\ud800b","email":"x@y.zz"}`)],
    ['lone surrogate (update-user)', () => request(url).put('/api/update-user').set(auth(me)).send({ bio: LONE })],
  ])('a NUL byte or lone surrogate: %s', async (_name, send) => {
    const res = await send();
    refused(res);
  });

  it('names the problem, and stores nothing', async () => {
    const res = await request(url).put('/api/update-user').set(auth(me)).send({ bio: NUL }).expect(400);
    expect(res.body).toEqual({ message: MSG.invalidCharacters });
    const [row] = await env.sql<{ bio: string }>(`SELECT bio FROM users WHERE id = $1`, [me.userId]);
    expect(row.bio).toBe('Pickup regular.');
  });

  it.each([
    ['join-team match_id', () => request(url).post('/api/join-team').set(auth(me)).send({ match_id: TOO_BIG }), MSG.matchNotFound],
    ['report match_id', () => request(url).post('/api/report-score-1v1').set(auth(me)).send({ match_id: TOO_BIG, user_score: 1, opponent_score: 2 }), MSG.matchNotFound],
    ['resolve match_id', () => request(url).post('/api/resolve-dispute').set(auth(me)).send({ match_id: 1e20, userScore: 1, opponentScore: 2 }), MSG.matchNotFound],
    ['unblock userId', () => request(url).post('/api/unblock-user').set(auth(me)).send({ userId: TOO_BIG }), MSG.playerNotFound],
    ['delete notification', () => request(url).delete(`/api/notifications/${TOO_BIG}`).set(auth(me)), MSG.notificationNotFound],
    ['match details', () => request(url).get(`/api/match-details/${TOO_BIG}`).set(auth(me)), MSG.matchNotFound],
    ['user stats', () => request(url).get(`/api/user-stats/99999999999`).set(auth(me)), MSG.playerNotFound],
  ])('an id beyond 2^31-1: %s', async (_name, send, message) => {
    const res = await send();
    refused(res);
    expect(res.body.message).toBe(message);
  });

  it('refuses a body nested 5,000 deep before it reaches validation', async () => {
    const deep = '{"match_id":'.repeat(1) + '['.repeat(5000) + ']'.repeat(5000) + '}';
    const res = await request(url).post('/api/join-team').set(auth(me)).set('content-type', 'application/json').send(deep);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.bodyTooDeep });
    const nested = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    refused(await request(url).post('/api/login').set('content-type', 'application/json').send(nested));
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isAdmin'])('refuses the preference key %s with a clear 400 and stores nothing', async (key) => {
    const res = await request(url).put('/api/update-user').set(auth(me)).field('preferences', `{"${key}":true}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.unknownPreference(key) });
    const json = await request(url).put('/api/update-user').set(auth(me)).set('content-type', 'application/json').send(`{"preferences":{"${key}":true}}`);
    refused(json);
    const [row] = await env.sql<{ preferences: Record<string, unknown> }>(`SELECT preferences FROM users WHERE id = $1`, [me.userId]);
    expect(Object.keys(row.preferences)).not.toContain(key);
    await request(url).get('/api/user').set(auth(me)).expect(200);
    await request(url).get(`/api/user-profile/${me.userId}`).expect(200);
  });

  it('reads an account whose stored preferences hold unknown keys (written before the closed set) without a 500', async () => {
    const other = await player(env, url);
    await env.sql(`UPDATE users SET preferences = '{"hasOwnProperty": true, "constructor": true, "displayRating": false}' WHERE id = $1`, [other.userId]);
    const meRes = await request(url).get('/api/user').set(auth(other)).expect(200);
    const stored = meRes.body.user.preferences;
    expect(Object.keys(stored).sort()).toEqual([
      'allowMessages',
      'censorSensitiveInfo',
      'displayHeight',
      'displayRating',
      'displayStateRanking',
      'displayWeight',
      'displayWinsLosses',
    ]);
    expect(stored.displayRating).toBe(false);
    const profile = await request(url).get(`/api/user-profile/${other.userId}`).expect(200);
    expect(profile.body.rating).toBeUndefined();
    await request(url).get(`/api/user-stats/${other.userId}`).set(auth(me)).expect(200);

    // The migration of the closed set drops such keys from the rows themselves.
    const runner = app.get(DataSource).createQueryRunner();
    await new ClosedPreferences1763820000000().up(runner).finally(() => runner.release());
    const [row] = await env.sql<{ preferences: Record<string, unknown> }>(`SELECT preferences FROM users WHERE id = $1`, [other.userId]);
    expect(row.preferences).toEqual({ displayRating: false });
  });

  describe('on the socket', () => {
    let socket: Socket;
    beforeAll(async () => {
      socket = connectSocket(url, me.token);
      sockets.push(socket);
      await socketReady(socket);
    });

    it.each([
      ['a match id beyond 2^31-1', `match:${TOO_BIG}`],
      ['a huge match id', 'match:9999999999999999'],
      ['a NUL byte', 'match:1\u0000'],
      ['an object', { room: 'match:1' }],
      ['nothing', undefined],
    ])('answers room:join with %s by an error ack', async (_name, room) => {
      const ack = await socket.timeout(5000).emitWithAck('room:join', room as string);
      expect(ack).toEqual({ ok: false, message: expect.any(String) });
    });

    it('still joins a room it may join afterwards', async () => {
      const m = await createMatch(url, me, '1v1');
      expect(await socket.timeout(5000).emitWithAck('room:join', `match:${m.match_id}`)).toEqual({ ok: true });
    });
  });
});
