import request from 'supertest';
import type { Socket } from 'socket.io-client';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MSG } from '@gotnext/shared';
import { createTestEnv, useTestApp, type TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';
import { createMatch, player, type Player } from './support/matches';
import { connectSocket, disconnected, nextEvent, socketReady, socketRefused, socketTracker } from './support/sockets';
import { RealtimePublisher } from '../src/realtime/realtime.publisher';
import { RoomAccess } from '../src/realtime/room-access';

/**
 * docs/realtime.md#sessions-and-sockets and #limits: a socket lives only as long as the session
 * it was opened with (logout closes that session's sockets on every instance; an expiring token
 * closes its socket), only pages of allowed origins may open one, and a client that floods
 * events is answered with error acks, then disconnected.
 */
describe('sockets follow the session', () => {
  let env: TestEnv;
  let one: { app: NestFastifyApplication; url: string };
  let two: { app: NestFastifyApplication; url: string };
  const { track, closeAll } = socketTracker();

  useTestApp({ apis: 2, beforeClose: closeAll }, (started) => {
    env = started.env;
    [one, two] = started.apis;
  });

  async function login(p: { username: string; password: string }): Promise<string> {
    return (await request(one.url).post('/api/login').send({ identifier: p.username, password: p.password }).expect(200)).body.token;
  }

  it("logout closes that session's sockets on every instance, and only that session's", async () => {
    const { player: who, token: first, userId } = await signupAndLogin(one.url);
    const second = await login(who);
    const firstOnOne = track(connectSocket(one.url, first));
    const firstOnTwo = track(connectSocket(two.url, first));
    const secondOnTwo = track(connectSocket(two.url, second));
    await Promise.all([firstOnOne, firstOnTwo, secondOnTwo].map(socketReady));

    const revoked = [firstOnOne, firstOnTwo].map((s) => nextEvent<{ reason: string }>(s, 'session:revoked'));
    const closed = [firstOnOne, firstOnTwo].map(disconnected);
    await request(one.url)
      .post('/api/logout')
      .set({ Authorization: `Bearer ${first}` })
      .expect(200);
    expect(await Promise.all(revoked)).toEqual([{ reason: 'logout' }, { reason: 'logout' }]);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);

    // The other session keeps its socket and its pushes; the ended one cannot come back.
    expect(secondOnTwo.connected).toBe(true);
    const echo = nextEvent(secondOnTwo, 'system:echo');
    one.app.get(RealtimePublisher).toUser(userId, 'system:echo', { text: 'still here', at: Date.now() });
    expect(await echo).toMatchObject({ text: 'still here' });
    expect(await socketRefused(track(connectSocket(two.url, first)))).toBe('Unauthorized');
  });

  it('refuses a socket from a page of another origin, and lets allowed and same-origin pages in', async () => {
    const { token } = await signupAndLogin(one.url);
    expect(await socketRefused(track(connectSocket(one.url, token, { origin: 'http://evil.example' })))).toBeTruthy();
    await socketReady(track(connectSocket(one.url, token, { origin: 'http://localhost:5173' }))); // in CORS_ORIGINS
    await socketReady(track(connectSocket(one.url, token, { origin: one.url }))); // the page the API serves
    await socketReady(track(connectSocket(one.url, token))); // no Origin: not a browser
  });

  it('closes a socket that sends a message over 64 KB', async () => {
    const { token } = await signupAndLogin(one.url);
    const s = track(connectSocket(one.url, token));
    await socketReady(s);
    const closed = disconnected(s);
    s.emit('room:join', `match:${'1'.repeat(70 * 1024)}`);
    expect(await closed).toBe('transport close');
  });

  it('answers a flood of room joins with error acks instead of queries, then disconnects the client', async () => {
    const p: Player = await player(env, one.url);
    const m = await createMatch(one.url, p, '1v1');
    const s = track(connectSocket(one.url, p.token));
    await socketReady(s);
    const closed = disconnected(s);
    const checks = jest.spyOn(one.app.get(RoomAccess), 'mayJoin'); // counts the joins that reach a query
    const acks: { ok: boolean; message?: string }[] = [];
    for (let i = 0; i < 3000 && s.connected; i += 1) s.emit('room:join', `match:${m.match_id}`, (a: { ok: boolean; message?: string }) => void acks.push(a));
    expect(await closed).toBe('io server disconnect');
    const queried = checks.mock.calls.length;
    checks.mockRestore();
    expect(queried).toBeLessThanOrEqual(40); // at most the burst the limit allows, not 3,000 queries
    expect(acks.filter((a) => !a.ok).length).toBeGreaterThan(0);
    expect(acks.filter((a) => !a.ok).every((a) => a.message === MSG.tooManyRequests)).toBe(true);

    // A fresh socket of the same player joins normally.
    const again = track(connectSocket(one.url, p.token));
    await socketReady(again);
    // A screen's handful of joins at once stays well inside the limit.
    const joins = await Promise.all(Array.from({ length: 10 }, () => again.timeout(5000).emitWithAck('room:join', `match:${m.match_id}`)));
    expect(joins).toEqual(Array(10).fill({ ok: true }));
  });

  it('acks an error when a handler fails, instead of an unanswered exception event', async () => {
    one.app.get(RoomAccess).register('league', async () => {
      throw new Error('check failed');
    });
    const { token } = await signupAndLogin(one.url);
    const s = track(connectSocket(one.url, token));
    await socketReady(s);
    expect(await s.timeout(5000).emitWithAck('room:join', 'league:1')).toEqual({ ok: false, message: MSG.serverError });
    expect(s.connected).toBe(true);
  });
});

describe('a socket ends when its token expires', () => {
  let env: TestEnv;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    env = await createTestEnv({ JWT_EXPIRES_IN: '8s' });
    url = (await env.startApi()).url;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await env.close();
  });

  it('is told its session expired and disconnected at the token expiry; a fresh token connects again', async () => {
    const { player: who, token } = await signupAndLogin(url);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number };
    const s = connectSocket(url, token);
    sockets.push(s);
    await socketReady(s);
    // Verified once here, so the API remembers its signature; the expiry still ends it below.
    await request(url)
      .get('/api/user')
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
    const revoked = nextEvent<{ reason: string }>(s, 'session:revoked', 20_000);
    const closed = disconnected(s);
    expect(await revoked).toEqual({ reason: 'expired' });
    expect(await closed).toBe('io server disconnect');
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 - 50);
    await request(url)
      .get('/api/user')
      .set({ Authorization: `Bearer ${token}` })
      .expect(401);

    const fresh = (await request(url).post('/api/login').send({ identifier: who.username, password: who.password }).expect(200)).body.token;
    const again = connectSocket(url, fresh);
    sockets.push(again);
    await socketReady(again);
  }, 30_000);
});
