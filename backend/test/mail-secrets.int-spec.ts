import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { WorkerModule } from '../src/worker.module';
import type { AppConfig } from '../src/config/env';
import { CapturingLogger } from './support/capturing-logger';
import { createTestEnv, TestEnv } from './support/harness';
import { newPlayer } from './support/players';
import { redisDump } from './support/redis-dump';
import { linkIn, SmtpSink } from './support/smtp-sink';

/** The API and the worker of `config`, both logging into `logs`; returns the API's URL. */
async function startLogged(env: TestEnv, config: AppConfig, logs: CapturingLogger, closers: { close(): Promise<unknown> }[]): Promise<string> {
  const app = await createApp(config, logs);
  await app.listen(0, '127.0.0.1');
  closers.push(app);
  closers.push(await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: logs }));
  return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
}

const LINK_PATHS = /\/(verify-email|reset-password)\/[A-Za-z0-9_-]{20,}/;

/**
 * Mailed links are secrets: job data carries ids and kinds (or the typed address), the worker
 * issues the token as it sends the mail, and a link is logged only by the local outbox in
 * development (docs/accounts.md#mail-delivery).
 */
describe('reset and verification links never reach Redis or a log', () => {
  const envs: TestEnv[] = [];
  const closers: { close(): Promise<unknown> }[] = [];
  const smtp = new SmtpSink();
  const outbox = mkdtempSync(join(tmpdir(), 'gotnext-outbox-'));

  afterAll(async () => {
    for (const c of closers.reverse()) await c.close();
    for (const env of envs) await env.close();
    await smtp.stop();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('over SMTP, through own and visitor verification, a reset and a send that failed once: not in any key of the prefix, not in any log line', async () => {
    const env = await createTestEnv({ SMTP_URL: await smtp.start() });
    envs.push(env);
    const logs = new CapturingLogger();
    const url = await startLogged(env, env.config, logs, closers);

    const me = newPlayer();
    const visitor = newPlayer();
    await request(url).post('/api/signup').send(me).expect(201);
    await request(url).post('/api/signup').send(visitor).expect(201);
    const { token: session } = (await request(url).post('/api/login').send({ identifier: me.username, password: me.password }).expect(200)).body;
    // Each new account gets its verification mail at signup; the links below are newer ones.
    const atSignup = [await smtp.waitFor(me.email), await smtp.waitFor(visitor.email)];
    const later = (m: { raw: string }) => m.raw.includes('verify-email') && !atSignup.includes(m as (typeof atSignup)[number]);

    smtp.refuseNext = 1; // the first mail fails once: its job keeps a failure reason and a stack trace, then retries
    await request(url).post('/api/send-verification-email').set('authorization', `Bearer ${session}`).send({}).expect(200);
    const own = linkIn((await smtp.waitFor(me.email, later)).raw, 'verify-email');
    await request(url).post('/api/send-verification-email').send({ email: visitor.email }).expect(200);
    const other = linkIn((await smtp.waitFor(visitor.email, later)).raw, 'verify-email');
    await request(url).post('/api/forgot-password').send({ email: me.email }).expect(200);
    const reset = linkIn((await smtp.waitFor(me.email, (m) => m.raw.includes('reset-password'))).raw, 'reset-password');

    const stored = await redisDump(env.config.REDIS_URL, env.config.REDIS_PREFIX);
    const jobs = [...stored].filter(([key]) => /:bull:email:[^:]+$/.test(key) && key !== `${env.config.REDIS_PREFIX}:bull:email:meta`);
    expect(jobs.length).toBeGreaterThanOrEqual(3);
    expect(jobs.some(([, v]) => v.includes('Mailbox busy'))).toBe(true); // the failed attempt is on record
    for (const [, value] of jobs) {
      const data = JSON.parse(JSON.parse(value).data ?? 'null');
      if (data)
        expect([
          ['kind', 'userId'],
          ['email', 'kind'],
        ]).toContainEqual(Object.keys(data).sort());
    }
    const everything = [...stored.values()].join('\n');
    for (const link of [own, other, reset]) {
      expect(everything).not.toContain(link.split('/').pop());
    }
    expect(everything).not.toMatch(LINK_PATHS);

    const logged = logs.lines.join('\n');
    expect(logged).toContain('email job'); // the worker did log its jobs
    for (const link of [own, other, reset]) expect(logged).not.toContain(link.split('/').pop());
    expect(logged).not.toMatch(LINK_PATHS);

    // And the links work: the token exists only in the mail, the database keeps its hash.
    await request(url)
      .get(`/api/verify-email/${own.split('/').pop()}`)
      .expect(200);
  });

  it.each([
    ['test', false],
    ['development', true],
  ] as const)('without SMTP, NODE_ENV=%s: the outbox logs the link: %s', async (mode, logsLink) => {
    const env = await createTestEnv({ OUTBOX_DIR: join(outbox, mode) });
    envs.push(env);
    const logs = new CapturingLogger();
    const url = await startLogged(env, { ...env.config, NODE_ENV: mode }, logs, closers);
    const p = newPlayer();
    await request(url).post('/api/signup').send(p).expect(201);
    await request(url).post('/api/forgot-password').send({ email: p.email }).expect(200);
    // The outbox logs once the .eml file is completely written.
    await expectEventually(() => logs.lines.some((l) => l.includes('Reset your GotNext password') && l.includes('written to')));
    const mail = readdirSync(join(outbox, mode))
      .map((f) => readFileSync(join(outbox, mode, f), 'utf8'))
      .find((raw) => raw.includes(p.email) && raw.includes('reset-password'))!;
    const token = linkIn(mail, 'reset-password').split('/').pop()!;
    expect(logs.lines.join('\n').includes(token)).toBe(logsLink);
    expect([...(await redisDump(env.config.REDIS_URL, env.config.REDIS_PREFIX)).values()].join('\n')).not.toContain(token);
  });
});

async function expectEventually(probe: () => boolean): Promise<void> {
  while (!probe()) await new Promise((r) => setTimeout(r, 50));
}
