import request from 'supertest';
import { Queue } from 'bullmq';
import { MSG } from '@gotnext/shared';
import { createTestEnv, type TestEnv } from './support/harness';
import { newPlayer } from './support/players';
import { killLeftovers, startApiProcess, waitFor, type StartedProcess } from './support/processes';
import { bullConnection, bullPrefix, jobIds, QUEUES } from '../src/jobs/queues';
import { MATCH_DEADLINES_MS } from '../src/matches/match-deadlines';
import { OutboxRelay } from '../src/database/outbox-relay';
import { EventBus } from '../src/events/event-bus';

afterEach(killLeftovers);

/**
 * docs/jobs.md#the-outbox: a job intent is written in the transaction that causes it, so an API
 * killed (SIGKILL) right after the commit and before the enqueue loses nothing: once an API runs
 * again, its relay enqueues the match's deadlines. Real processes, built as production runs them.
 */
describe('no lost jobs: the transactional outbox survives kill -9 between commit and enqueue', () => {
  let env: TestEnv;
  let deadlines: Queue;

  beforeAll(async () => {
    env = await createTestEnv();
    deadlines = new Queue(QUEUES.matchDeadlines, { connection: bullConnection(env.config.REDIS_URL), prefix: bullPrefix(env.config.REDIS_PREFIX) });
  });
  afterAll(async () => {
    await deadlines.close();
    await env.close();
  });

  async function startApi(extra: Record<string, string> = {}): Promise<{ api: StartedProcess; url: string }> {
    const api = await startApiProcess(env.config, extra);
    return { api, url: api.url };
  }

  async function readyMatch(url: string) {
    const players = [];
    for (let i = 0; i < 2; i += 1) {
      const p = newPlayer();
      const { body } = await request(url).post('/api/signup').send(p).expect(201);
      const login = await request(url).post('/api/login').send({ identifier: p.username, password: p.password }).expect(200);
      players.push({ id: body.user_id as number, auth: { Authorization: `Bearer ${login.body.token}` } });
    }
    const created = await request(url).post('/api/create-match-1v1').set(players[0].auth).send({ ranked: false }).expect(201);
    await request(url).post('/api/join-match-1v1').set(players[1].auth).send({ match_code: created.body.match_code }).expect(200);
    return { matchId: created.body.match_id as number, creator: players[0] };
  }

  it('enqueues the 24 h and 48 h deadlines of a match started just before the API was killed', async () => {
    const first = await startApi({ OUTBOX_TEST_PAUSE_AFTER_COMMIT: 'match.started' });
    const { matchId, creator } = await readyMatch(first.url);

    // The start commits, then the process stops before delivering (the test hook), and is killed there.
    const start = request(first.url)
      .post(`/api/start-match/${matchId}`)
      .set(creator.auth)
      .send({})
      .then(
        () => undefined,
        () => undefined,
      );
    await waitFor(() => first.api.output().includes('paused after the commit of match.started'));
    first.api.child.kill('SIGKILL');
    await first.api.exited;
    await start;

    const [match] = await env.sql<{ status: string }>(`SELECT status FROM matches WHERE id = $1`, [matchId]);
    expect(match.status).toBe('in-progress'); // committed
    expect(await deadlines.getJob(jobIds.matchDeadline('single-report', matchId))).toBeUndefined(); // never enqueued
    const waiting = await env.sql<{ event: string; payload: { matchId: number } }>(`SELECT event, payload FROM outbox ORDER BY id`);
    expect(waiting).toEqual([{ event: 'match.started', payload: { matchId } }]);

    // Another start of the API relays what the dead one left.
    const second = await startApi();
    try {
      await waitFor(async () => (await env.sql(`SELECT 1 FROM outbox`)).length === 0, 30_000);
      const single = await deadlines.getJob(jobIds.matchDeadline('single-report', matchId));
      const reminder = await deadlines.getJob(jobIds.matchDeadline('second-reminder', matchId));
      expect(single?.data).toEqual({ kind: 'single-report', matchId });
      expect(single?.opts.delay).toBe(MATCH_DEADLINES_MS.singleReport);
      expect(await single?.getState()).toBe('delayed');
      expect(reminder?.data).toEqual({ kind: 'second-reminder', matchId });
      // Starting again is refused as before: the match started, and its deadlines are not lost.
      const again = await request(second.url).post(`/api/start-match/${matchId}`).set(creator.auth).send({}).expect(409);
      expect(again.body).toEqual({ message: MSG.matchNotReady });
    } finally {
      second.api.child.kill('SIGTERM');
      await second.api.exited;
    }
  }, 90_000);

  it('gives each row to one relay at a time (FOR UPDATE SKIP LOCKED), and enqueues once however often a row is relayed', async () => {
    const [one, two] = [await env.startApi(), await env.startApi()];
    const ids = Array.from({ length: 30 }, (_, i) => 900_000 + i);
    await env.sql(
      `INSERT INTO outbox (origin, event, payload, created_at) SELECT 'api', 'match.disputed', jsonb_build_object('matchId', id), now() - interval '1 minute' FROM unnest($1::int[]) AS id`,
      [ids],
    );
    // Each API instance's relay, twice at once (their timers may also be running: counts only add up).
    const relays = [one, two, one, two].map(({ app }) => app.get(OutboxRelay).relayOnce());
    const claimed = (await Promise.all(relays)).reduce((a, b) => a + b, 0);
    expect(claimed).toBeLessThanOrEqual(ids.length);
    await waitFor(async () => (await env.sql(`SELECT 1 FROM outbox`)).length === 0);
    const jobs = await Promise.all(ids.map((id) => deadlines.getJob(jobIds.matchDeadline('void-dispute', id))));
    expect(jobs.every((j) => j?.data.kind === 'void-dispute')).toBe(true);

    // Relayed again (a crash after the enqueue, before the delete): still one job per match.
    await env.sql(
      `INSERT INTO outbox (origin, event, payload, created_at) VALUES ('api', 'match.disputed', jsonb_build_object('matchId', ${ids[0]}), now() - interval '1 minute')`,
    );
    await one.app.get(OutboxRelay).relayOnce();
    expect((await deadlines.getJobs(['delayed'])).filter((j) => j.data.matchId === ids[0])).toHaveLength(1);
  });

  it("leaves the API's rows to an API: the worker lacks some of their listeners (it schedules no mail)", async () => {
    const api = await env.startApi();
    const worker = await env.startWorker();
    expect(worker.get(EventBus).listenersOf('mail.requested')).toEqual([]);
    expect(api.app.get(EventBus).listenersOf('mail.requested')).toEqual(['MailScheduler.enqueue']);
    // The worker's own events have the same listeners in both kinds of process.
    for (const name of ['match.completed', 'match.changed', 'notification.created', 'player.changed'] as const) {
      expect(worker.get(EventBus).listenersOf(name)).toEqual(api.app.get(EventBus).listenersOf(name));
    }
    // Dated in the future, so only the passes below (told to look that far) see it, not the running relay loops.
    const [row] = await env.sql<{ id: string }>(
      `INSERT INTO outbox (origin, event, payload, created_at) VALUES ('api', 'player.changed', '{"userIds":[]}', now() + interval '30 minutes') RETURNING id`,
    );
    const beyond = -3600_000;
    expect(await worker.get(OutboxRelay).relayOnce(beyond)).toBe(0);
    expect(await env.sql(`SELECT 1 FROM outbox WHERE id = $1`, [row.id])).toHaveLength(1);
    expect(await api.app.get(OutboxRelay).relayOnce(beyond)).toBe(1);
    expect(await env.sql(`SELECT 1 FROM outbox WHERE id = $1`, [row.id])).toHaveLength(0);
  });
});
