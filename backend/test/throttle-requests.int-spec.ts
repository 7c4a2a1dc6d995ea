import request from 'supertest';
import type { Queue } from 'bullmq';
import { MSG } from '@gotnext/shared';
import { clearThrottles, createTestEnv, TestEnv } from './support/harness';
import { SmtpSink } from './support/smtp-sink';
import { newPlayer } from './support/players';

/**
 * The open calls that send mail or create accounts are limited per client address and per target
 * (docs/accounts.md#throttling), with counters every instance shares, checked and counted at once.
 */
describe('throttles on sign-up, forgot-password and send-verification-email', () => {
  let env: TestEnv;
  let apis: string[];
  let proxied: string;
  let queue: Queue;
  const smtp = new SmtpSink();
  const PER_INBOX = 3;
  const MAILS_PER_ADDRESS = 8;
  const SIGNUPS_PER_ADDRESS = 4;

  beforeAll(async () => {
    env = await createTestEnv({
      SMTP_URL: await smtp.start(),
      MAIL_MAX_PER_INBOX: String(PER_INBOX),
      MAIL_MAX_PER_ADDRESS: String(MAILS_PER_ADDRESS),
      SIGNUP_MAX_PER_ADDRESS: String(SIGNUPS_PER_ADDRESS),
    });
    const first = await env.startApi();
    apis = [first.url, (await env.startApi()).url];
    proxied = (await env.startApi({ TRUSTED_PROXIES: '127.0.0.1' })).url;
    queue = first.app.get<Queue>('QUEUE_email');
    await env.startWorker();
  });
  afterAll(async () => {
    await env.close();
    await smtp.stop();
  });
  beforeEach(() => clearThrottles(env));

  /** Signs a player up from its own made-up client address, so sign-up limits stay out of the way. */
  let n = 0;
  const account = async () => {
    n += 1;
    const p = newPlayer();
    await request(proxied).post('/api/signup').set('x-forwarded-for', `10.20.0.${n}`).send(p).expect(201);
    atSignup.add(await smtp.waitFor(p.email)); // the verification mail every new account gets
    return p;
  };
  const atSignup = new Set<unknown>();
  /** Mails to `to` once every job enqueued so far has run. */
  const mailsTo = async (to: string) => {
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((c) => c === 0)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return smtp.mails.filter((m) => m.to.includes(to) && !atSignup.has(m));
  };
  const jobsFor = async (predicate: (data: Record<string, unknown>) => boolean) =>
    (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).filter((j) => predicate(j.data as Record<string, unknown>));

  it('sends 3 of 10 concurrent anonymous reset requests for one inbox, across instances, and tells the rest when to retry', async () => {
    const p = await account();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(apis[i % 2])
          .post('/api/forgot-password')
          .send({ email: i % 2 ? p.email.toUpperCase() : p.email }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_INBOX);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10 - PER_INBOX);
    for (const r of refused) {
      const wait = Number(r.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(3600);
      expect(r.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    }
    expect(await jobsFor((d) => d.email === p.email || d.email === p.email.toUpperCase())).toHaveLength(PER_INBOX);
    expect(await mailsTo(p.email)).toHaveLength(PER_INBOX);
  });

  it('sends 3 of 10 anonymous verification requests for one inbox, whether or not it has an account', async () => {
    const p = await account();
    const ask = (email: string) =>
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          request(apis[i % 2])
            .post('/api/send-verification-email')
            .send({ email }),
        ),
      );
    const known = await ask(p.email);
    const unknown = await ask(`nobody-${Date.now()}@example.com`);
    for (const answers of [known, unknown]) {
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(PER_INBOX).fill(200), ...Array(10 - PER_INBOX).fill(429)]);
      expect(answers.find((a) => a.status === 200)!.body).toEqual({ message: MSG.verificationEmailSent });
    }
    expect(await mailsTo(p.email)).toHaveLength(PER_INBOX);
  });

  it('limits a logged-in player asking for their own verification mail on the same inbox counter', async () => {
    const p = await account();
    const { token } = (await request(apis[0]).post('/api/login').send({ identifier: p.username, password: p.password }).expect(200)).body;
    await request(apis[0]).post('/api/send-verification-email').send({ email: p.email }).expect(200);
    for (let i = 1; i < PER_INBOX; i += 1) await request(apis[1]).post('/api/send-verification-email').set('authorization', `Bearer ${token}`).send({}).expect(200);
    await request(apis[0]).post('/api/send-verification-email').set('authorization', `Bearer ${token}`).send({}).expect(429);
  });

  it('limits mail requests per client address across inboxes, not the other addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= MAILS_PER_ADDRESS; i += 1) {
      const res = await request(proxied)
        .post('/api/forgot-password')
        .set('x-forwarded-for', '198.51.100.20')
        .send({ email: `spam-${i}-${Date.now()}@example.com` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(MAILS_PER_ADDRESS).fill(200), 429]);
    await request(proxied)
      .post('/api/forgot-password')
      .set('x-forwarded-for', '198.51.100.21')
      .send({ email: `other-${Date.now()}@example.com` })
      .expect(200);
  });

  it('limits sign-ups per client address (concurrently) and per e-mail address', async () => {
    const answers = await Promise.all(
      Array.from({ length: SIGNUPS_PER_ADDRESS + 3 }, () => request(proxied).post('/api/signup').set('x-forwarded-for', '198.51.100.30').send(newPlayer())),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(SIGNUPS_PER_ADDRESS).fill(201), 429, 429, 429]);
    await request(proxied).post('/api/signup').set('x-forwarded-for', '198.51.100.31').send(newPlayer()).expect(201);

    const email = `taken-${Date.now()}@example.com`;
    const tries: number[] = [];
    for (let i = 0; i < 4; i += 1)
      tries.push(
        (
          await request(proxied)
            .post('/api/signup')
            .set('x-forwarded-for', `198.51.100.${40 + i}`)
            .send(newPlayer({ email }))
        ).status,
      );
    expect(tries).toEqual([201, 409, 409, 429]);
  });
});
