import 'reflect-metadata';
import { createServer } from 'node:net';
import type { Queue } from 'bullmq';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from '../src/worker.module';
import { createTestEnv, type TestEnv } from './support/harness';
import { CapturingLogger } from './support/capturing-logger';
import { signupAndLogin } from './support/players';

/** A port nothing listens on: every SMTP connect is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

/**
 * A mail given up on is an alert of its own (docs/jobs.md#retries): after the last attempt the
 * worker logs one error-level line with the stable event name ops alerting keys on, naming the
 * kind and the account, never the address; the attempts before stay warnings.
 */
describe('a mail that fails for good', () => {
  let env: TestEnv;
  const logs = new CapturingLogger();
  const closers: { close(): Promise<unknown> }[] = [];

  beforeAll(async () => {
    env = await createTestEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => {
    for (const c of closers.reverse()) await c.close();
    await env.close();
  });

  it('raises an error-level mail.undeliverable line once, after its last attempt', async () => {
    const { app, url } = await env.startApi();
    const { userId, player } = await signupAndLogin(url);
    const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(env.config), { logger: logs });
    closers.push(worker);
    const queue = app.get<Queue>('QUEUE_email');
    await queue.add('verify_email', { kind: 'verify_email', userId }, { jobId: 'verify_email-alert-1', attempts: 2, backoff: { type: 'fixed', delay: 50 } });

    const alerts = () => logs.entries.filter((e) => e.level === 'error' && JSON.stringify(e.args).includes('mail.undeliverable'));
    const job = await queue.getJob('verify_email-alert-1');
    for (let state = await job!.getState(); state !== 'failed'; state = await job!.getState()) await new Promise((r) => setTimeout(r, 50));
    // The handler's own hook runs on the worker's 'failed' event, just after the state is written.
    while (alerts().length === 0 && Date.now() - job!.timestamp < 20_000) await new Promise((r) => setTimeout(r, 50));

    expect(alerts()).toHaveLength(1);
    expect(alerts()[0].args[0]).toMatchObject({ event: 'mail.undeliverable', kind: 'verify_email', userId });
    const attemptLines = logs.entries.filter((e) => JSON.stringify(e.args).includes('verify_email-alert-1 failed'));
    expect(attemptLines.map((e) => e.level)).toEqual(['warn', 'warn']);
    expect(logs.lines.join('\n')).not.toContain(player.email);
  });
});
