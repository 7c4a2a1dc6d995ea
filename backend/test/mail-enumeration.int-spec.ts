import request from 'supertest';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { MSG } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { newPlayer } from './support/players';
import { SmtpSink } from './support/smtp-sink';

/**
 * Forgot-password and a visitor's send-verification-email take the same path for an address with
 * an account and one without: the API does no lookup and enqueues one job, the worker looks the
 * address up (docs/accounts.md#password-reset). Measured by counting the API's SQL statements and
 * jobs, never by timing.
 */
describe('no account enumeration through mail requests', () => {
  let env: TestEnv;
  let url: string;
  let queue: Queue;
  const smtp = new SmtpSink();
  const statements: string[] = [];

  beforeAll(async () => {
    // The outbox relay polls every second in the background (its claim query would land in a
    // request's window on a busy machine); this file counts the request path's statements only.
    env = await createTestEnv({ SMTP_URL: await smtp.start(), OUTBOX_RELAY_INTERVAL_MS: '60000' });
    const api = await env.startApi();
    url = api.url;
    queue = api.app.get<Queue>('QUEUE_email');
    // Every statement the API's own connection pool runs goes through its logger (the worker has its own pool).
    const logger = api.app.get(DataSource).logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (query, parameters, runner) => {
      statements.push(query);
      logQuery(query, parameters, runner);
    };
    await env.startWorker();
  });
  afterAll(async () => {
    await env.close();
    await smtp.stop();
  });

  /**
   * The outbox relay runs on its own 1 s timer in the same process (docs/jobs.md#the-outbox); on a
   * busy machine a pass (or part of one) often falls inside the call's window. Its statements on
   * `outbox` and bare transaction brackets are not the call's work (which, as asserted below, runs
   * no statement at all), so they are taken out.
   */
  function withoutRelayPasses(ran: string[]): string[] {
    return ran.filter((q) => !/\boutbox\b/.test(q) && !/^(START TRANSACTION|COMMIT|ROLLBACK)$/.test(q.trim()));
  }

  /** The answer to one call, what the API ran for it, and the jobs it enqueued. */
  async function observe(path: string, email: string) {
    statements.length = 0;
    const before = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
    const res = await request(url).post(path).send({ email });
    const ran = withoutRelayPasses([...statements]);
    const jobs = (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).filter((j) => !before.some((b) => b.id === j.id));
    const headers = Object.keys(res.headers)
      .filter((h) => !['date', 'content-length', 'etag'].includes(h))
      .sort();
    return { status: res.status, body: res.body, headers, ran, jobs: jobs.map((j) => j.data), ids: jobs.map((j) => j.id!) };
  }

  /** What a job's handler returned, once it has run. */
  async function outcome(id: string): Promise<unknown> {
    for (;;) {
      const job = await queue.getJob(id);
      if (job?.finishedOn) return job.returnvalue;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it.each([
    ['/api/forgot-password', 'reset_password', MSG.resetEmailSent],
    ['/api/send-verification-email', 'verify_email', MSG.verificationEmailSent],
  ])('%s: the same answer, the same SQL and one job for an existing and an unknown address', async (path, kind, message) => {
    const p = newPlayer();
    await request(url).post('/api/signup').send(p).expect(201);
    const atSignup = await smtp.waitFor(p.email); // every new account gets a verification mail first
    const unknown = `nobody-${Date.now()}@example.com`;

    const known = await observe(path, p.email);
    const stranger = await observe(path, unknown);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message });
    expect(stranger.body).toEqual(known.body);
    expect(stranger.status).toBe(known.status);
    expect(stranger.headers).toEqual(known.headers);
    expect(known.ran).toEqual(stranger.ran); // the API path does no account lookup: no query differs
    expect(known.ran).toEqual([]);
    expect(known.jobs).toEqual([{ kind, email: p.email }]);
    expect(stranger.jobs).toEqual([{ kind, email: unknown }]);

    // The worker looked the addresses up: only the account's owner gets a mail.
    expect(await outcome(known.ids[0])).toBe(`${kind} sent`);
    expect(await outcome(stranger.ids[0])).toBe(`${kind} not sent: nobody to mail`);
    expect(smtp.mails.filter((m) => m.to.includes(p.email) && m !== atSignup)).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to.includes(unknown))).toHaveLength(0);
  });
});
