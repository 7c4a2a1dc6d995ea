import request from 'supertest';
import { Queue } from 'bullmq';
import type { Socket } from 'socket.io-client';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MSG } from '@gotnext/shared';
import { createTestEnv, type TestEnv } from './support/harness';
import { auth, createMatch, join, player, type Player } from './support/matches';
import { connectSocket, disconnected, nextEvent, socketReady, socketRefused } from './support/sockets';
import { licenceSubmission, submit } from './support/id-check';
import { PrivateRedis } from './support/private-redis';
import { waitFor } from './support/processes';
import { bullConnection, bullPrefix, jobIds, QUEUES } from '../src/jobs/queues';
import { RealtimePublisher } from '../src/realtime/realtime.publisher';

/**
 * The time a call may take while Redis is away. The design bound is one second (no offline queue,
 * 1 s command timeouts); the margin is for a machine busy with other test runs. Before, calls
 * hung 28–36 s until Redis came back.
 */
const FAST_MS = 2500;

/**
 * docs/architecture.md#when-redis-is-away: with the app's Redis killed (a private redis-server of
 * this test, never the machine's), calls that need Redis answer 503 `{ message }` at once, the
 * others keep working, readiness says so, sockets are told and closed so clients poll; once Redis
 * is back everything resumes, and the jobs of what was done meanwhile are enqueued (the outbox).
 */
describe('Redis down: fail fast, keep what does not need it, resume with nothing lost', () => {
  let redis: PrivateRedis;
  let env: TestEnv;
  let one: { app: NestFastifyApplication; url: string };
  let two: { app: NestFastifyApplication; url: string };
  const sockets: Socket[] = [];
  const track = (s: Socket) => (sockets.push(s), s);

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    env = await createTestEnv({ REDIS_URL: redis.url });
    one = await env.startApi();
    two = await env.startApi();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await redis.up().catch(() => undefined); // so the apps close cleanly
    await env.close();
    await redis.stop();
  });

  /** A call's answer and how long it took. */
  async function timed(call: () => request.Test): Promise<{ status: number; body: { message?: string }; ms: number }> {
    const started = Date.now();
    const res = await call();
    return { status: res.status, body: res.body, ms: Date.now() - started };
  }

  it('answers at once while Redis is away, and resumes without losing what happened meanwhile', async () => {
    const [alice, bob] = [await player(env, one.url), await player(env, one.url)];
    const m = await createMatch(one.url, alice, '1v1');
    await join(one.url, bob, '1v1', m.match_code).expect(200);
    const watcher = track(connectSocket(two.url, bob.token));
    await socketReady(watcher);
    const degraded = nextEvent<{ reason: string }>(watcher, 'system:degraded');
    const closed = disconnected(watcher);
    const unverified: Player = await player(env, one.url, false);

    await redis.kill();

    // Sockets on the other instance are told to fall back to polling, and closed.
    expect(await degraded).toEqual({ reason: 'redis' });
    expect(await closed).toBe('io server disconnect');

    // Calls that need Redis: 503 with a message, at once.
    const login = await timed(() => request(one.url).post('/api/login').send({ identifier: alice.username, password: 'hoops123' }));
    expect(login).toMatchObject({ status: 503, body: { message: MSG.serviceUnavailable } });
    expect(login.ms).toBeLessThan(FAST_MS);
    const profile = await timed(() => request(two.url).get(`/api/user-profile/${alice.userId}`));
    expect(profile).toMatchObject({ status: 503, body: { message: MSG.serviceUnavailable } });
    expect(profile.ms).toBeLessThan(FAST_MS);
    const ready = await timed(() => request(one.url).get('/api/health/ready'));
    expect(ready).toMatchObject({ status: 503, body: { message: 'Not ready.', redis: 'down', postgres: 'ok' } });
    expect(ready.ms).toBeLessThan(FAST_MS);

    // Calls that only write PostgreSQL keep working; their jobs wait in the outbox.
    const started = await timed(() => request(one.url).post(`/api/start-match/${m.match_id}`).set(auth(alice)).send({}));
    expect(started).toMatchObject({ status: 200, body: { status: 'in-progress' } });
    expect(started.ms).toBeLessThan(FAST_MS);
    const reported = await timed(() => request(two.url).post('/api/report-score-1v1').set(auth(alice)).send({ match_id: m.match_id, user_score: 11, opponent_score: 7 }));
    expect(reported).toMatchObject({ status: 200 });
    expect(reported.ms).toBeLessThan(FAST_MS);
    const shots = await licenceSubmission();
    const upload = await timed(() => submit(one.url, unverified.token, shots));
    expect(upload.status).toBe(202);
    expect(upload.ms).toBeLessThan(FAST_MS);
    const forgot = await timed(() => request(one.url).post('/api/forgot-password').send({ email: 'nobody@example.com' }));
    expect([200, 503]).toContain(forgot.status);
    expect(forgot.ms).toBeLessThan(FAST_MS);
    await request(two.url).get('/api/user').set(auth(bob)).expect(200);
    await request(two.url).get(`/api/match-details/${m.match_id}`).set(auth(bob)).expect(200);
    expect(await socketRefused(track(connectSocket(one.url, bob.token)))).toBe('Service unavailable');
    expect((await env.sql(`SELECT event FROM outbox ORDER BY id`)).map((r) => r.event)).toEqual(expect.arrayContaining(['match.started', 'id-check.submitted']));

    await redis.up();

    // Everything resumes: logins, readiness, sockets and pushes across instances, and the outbox drains into BullMQ.
    await waitFor(async () => (await request(one.url).post('/api/login').send({ identifier: alice.username, password: 'hoops123' })).status === 200, 20_000);
    await waitFor(async () => (await request(two.url).get('/api/health/ready')).status === 200, 20_000);
    await waitFor(async () => (await env.sql(`SELECT 1 FROM outbox`)).length === 0, 20_000);
    const deadlines = new Queue(QUEUES.matchDeadlines, { connection: bullConnection(redis.url), prefix: bullPrefix(env.config.REDIS_PREFIX) });
    const checks = new Queue(QUEUES.idVerification, { connection: bullConnection(redis.url), prefix: bullPrefix(env.config.REDIS_PREFIX) });
    try {
      expect(await deadlines.getJob(jobIds.matchDeadline('single-report', m.match_id))).toBeDefined();
      const [upload] = await env.sql<{ id: number }>(`SELECT id FROM id_check_uploads WHERE user_id = $1`, [unverified.userId]);
      expect(await checks.getJob(jobIds.idVerification(upload.id))).toBeDefined();
    } finally {
      await deadlines.close();
      await checks.close();
    }
    const back = track(connectSocket(two.url, bob.token));
    await waitFor(async () => {
      if (back.connected) return true;
      back.connect();
      return false;
    }, 20_000);
    await socketReady(back).catch(() => undefined);
    const echo = nextEvent(back, 'system:echo');
    one.app.get(RealtimePublisher).toUser(bob.userId, 'system:echo', { text: 'back', at: Date.now() });
    expect(await echo).toMatchObject({ text: 'back' });
  }, 120_000);
});
