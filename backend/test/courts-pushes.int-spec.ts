import request from 'supertest';
import type { Job, Queue } from 'bullmq';
import { COURT_MSG, courtPath, inQuietHours, type PushPayload } from '@gotnext/shared';
import { courtLocalHour } from '../src/courts/court-local-time';
import { jobIds, QUEUE_TOKENS, type PushJob } from '../src/jobs/queues';
import { REDIS, redisKey, type RedisClient } from '../src/redis/redis.module';
import { createTestEnv, type TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { addLiveCourt, checkIn, checkInAll, hostCode, post } from './support/courts';
import { startPushService } from './support/push-service';
import { eventually } from './support/social';

/** Places around the world: at any moment some are in the quiet hours (22:00-08:00 local) and some are not. */
const PLACES = [
  { lat: 21.3069, lng: -157.8583 },
  { lat: 34.0522, lng: -118.2437 },
  { lat: 40.8296, lng: -73.9362 },
  { lat: 51.5072, lng: -0.1276 },
  { lat: 25.2048, lng: 55.2708 },
  { lat: 28.6139, lng: 77.209 },
  { lat: 13.7563, lng: 100.5018 },
  { lat: 35.6762, lng: 139.6503 },
  { lat: -36.8485, lng: 174.7633 },
];
/** One that stays quiet (or not) for the next 10 minutes, so the test never straddles 08:00 or 22:00 there. */
const placeWhere = (quiet: boolean) => PLACES.find((p) => [0, 10 * 60_000].every((ms) => inQuietHours(courtLocalHour(p, new Date(Date.now() + ms))) === quiet))!;

/**
 * docs/courts.md#alerts on two API instances and the worker, with a push service of our own: the
 * "You're up" Web Push, and the run-forming push to a court's favourites (once per window, even
 * with two instances racing; never in the quiet hours; not to who is there or across a block).
 */
describe('court pushes', () => {
  let env: TestEnv;
  let apis: { url: string; app: Awaited<ReturnType<TestEnv['startApi']>>['app'] }[];
  let url: string;
  let pushService: Awaited<ReturnType<typeof startPushService>>;

  beforeAll(async () => {
    pushService = await startPushService();
    env = await createTestEnv({ PUSH_TEST_HOSTS: '127.0.0.1' });
    apis = [await env.startApi(), await env.startApi()];
    url = apis[0].url;
    await env.startWorker();
  });
  afterAll(async () => {
    await env.close();
    await pushService.close();
  });

  async function players(n: number): Promise<Player[]> {
    const made: Player[] = [];
    for (let i = 0; i < n; i += 1) made.push(await player(env, url));
    return made;
  }
  const pushQueue = () => apis[0].app.get<Queue<PushJob>>(QUEUE_TOKENS.push);
  const switchOff = (p: Player, type: string) =>
    request(url)
      .put('/api/push/settings')
      .set(auth(p))
      .send({ [type]: false })
      .expect(200);
  const favourite = (p: Player, courtId: number) => post(url, p, `/api/courts/${courtId}/favourite`, { favourite: true }).expect(200);
  async function finished(jobId: string): Promise<Job<PushJob>> {
    let job: Job<PushJob> | undefined;
    await eventually(async () => (job = await pushQueue().getJob(jobId)) !== undefined && (await job.getState()) === 'completed', `push job ${jobId} done`);
    return job!;
  }
  /** Every run-forming push job enqueued for the court, by recipient. */
  async function runFormingJobs(courtId: number): Promise<number[]> {
    const jobs = await pushQueue().getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
    return jobs
      .filter((j) => j.data.payload.type === 'run_forming' && j.data.payload.url === courtPath(courtId))
      .map((j) => j.data.userId)
      .sort((a, b) => a - b);
  }
  const windowKey = (courtId: number) => redisKey(env.config, 'court-run-forming', courtId);

  it('a called player\'s phone gets "You\'re up: confirm" as a Web Push that opens the court; a player who switched it off gets none', async () => {
    const ps = await players(4);
    const [host] = ps;
    const courtId = await addLiveCourt(env, url, host, { game_size: 2 });
    await checkInAll(url, courtId, host, ps.slice(1));
    const devices = await Promise.all(ps.map((p) => pushService.subscribe(url, p)));
    await switchOff(host, 'court_called');
    for (const p of ps) await post(url, p, `/api/courts/${courtId}/queue`).expect(200);
    await post(apis[1].url, host, `/api/courts/${courtId}/call-next`).expect(200);

    await eventually(() => devices.slice(1).every((d) => pushService.pushesTo(d).length === 1), "every called player's push");
    const [{ name }] = await env.sql<{ name: string }>(`SELECT name FROM courts WHERE id = $1`, [courtId]);
    for (const d of devices.slice(1)) {
      expect(pushService.pushesTo(d)).toEqual<PushPayload[]>([
        { type: 'court_called', title: COURT_MSG.pushCalledTitle, body: COURT_MSG.pushCalledBody(name), url: `/court/${courtId}`, tag: `court-called-${courtId}` },
      ]);
    }
    const [{ id: callId }] = await env.sql<{ id: number }>(`SELECT c.id FROM court_calls c JOIN court_sessions s ON s.id = c.session_id WHERE s.court_id = $1`, [courtId]);
    expect((await finished(jobIds.push(`court-called-${callId}-1-${host.userId}`))).returnvalue).toBe('switched off');
    expect(pushService.pushesTo(devices[0])).toEqual([]);
  });

  it('a run forming tells the favourites once per window, even when two check-ins on two instances form it at once', async () => {
    const [host, here, blocked, r1, r2, r3, r4, fan, fanOff, fanBlocking] = await players(10);
    const courtId = await addLiveCourt(env, url, host, { game_size: 2, ...placeWhere(false) });
    const fanDevice = await pushService.subscribe(url, fan);
    for (const p of [here, r1, fanOff, fanBlocking]) await pushService.subscribe(url, p);
    // Not the racers: a player whose check-in commits while the other's push is being addressed may
    // still be told (docs/courts.md#alerts); `here` shows that a player already there is not.
    for (const p of [here, fan, fanOff, fanBlocking]) await favourite(p, courtId);
    await switchOff(fanOff, 'run_forming');
    await post(url, fanBlocking, '/api/block-user', { username: blocked.username }).expect(200);
    await checkInAll(url, courtId, host, [here, blocked]);
    expect(await runFormingJobs(courtId)).toEqual([]);

    // The 4th and 5th players at once, one on each instance: both check-ins see a run forming.
    const code = await hostCode(url, host, courtId);
    const both = await Promise.all([checkIn(apis[0].url, r1, courtId, { code }), checkIn(apis[1].url, r2, courtId, { code })]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    // Who is there and who blocked a player there hear nothing; fanOff's job sends nothing.
    expect(await runFormingJobs(courtId)).toEqual([fan.userId, fanOff.userId].sort((a, b) => a - b));
    await eventually(() => pushService.pushesTo(fanDevice).length === 1, "the fan's push");
    const [{ name }] = await env.sql<{ name: string }>(`SELECT name FROM courts WHERE id = $1`, [courtId]);
    expect(pushService.pushesTo(fanDevice)[0]).toMatchObject({ type: 'run_forming', title: COURT_MSG.pushRunFormingTitle(name), url: `/court/${courtId}` });
    expect(pushService.pushesTo(fanDevice)[0].body).toMatch(/^[45] players are checked in/);

    // Later check-ins in the window send nothing more.
    await checkIn(apis[1].url, r3, courtId, { code: await hostCode(url, host, courtId) }).expect(200);
    expect(await runFormingJobs(courtId)).toEqual([fan.userId, fanOff.userId].sort((a, b) => a - b));
    const redis = apis[0].app.get<RedisClient>(REDIS);
    const ttl = await redis.pTTL(windowKey(courtId));
    expect(ttl).toBeGreaterThan(2.9 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(3 * 3_600_000);

    // The window over (its key expired), the next check-in tells the fan again.
    await redis.del(windowKey(courtId));
    await checkIn(url, r4, courtId, { code: await hostCode(url, host, courtId) }).expect(200);
    await eventually(() => pushService.pushesTo(fanDevice).length === 2, "the fan's second push");
  });

  it('no run-forming push in the quiet hours of the court, and a quiet hour takes no window', async () => {
    const [host, a, b, c, fan] = await players(5);
    const courtId = await addLiveCourt(env, url, host, { game_size: 2, ...placeWhere(true) });
    await pushService.subscribe(url, fan);
    await favourite(fan, courtId);
    await checkInAll(url, courtId, host, [a, b, c]);
    const page = (await request(url).get(`/api/courts/${courtId}`).set(auth(host)).expect(200)).body;
    expect(page.court.run_forming).toBe(true);
    expect(await runFormingJobs(courtId)).toEqual([]);
    expect(await apis[0].app.get<RedisClient>(REDIS).exists(windowKey(courtId))).toBe(0);
  });
});
