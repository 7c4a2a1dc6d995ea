import 'reflect-metadata';
import request from 'supertest';
import { NestFactory } from '@nestjs/core';
import { createApp } from '../src/app.factory';
import { WorkerModule } from '../src/worker.module';
import { createTestEnv, TestEnv } from './support/harness';
import { CapturingLogger } from './support/capturing-logger';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { newPlayer } from './support/players';

describe('logs never contain passwords or tokens', () => {
  let env: TestEnv;
  const smtp = new SmtpSink();
  const logs = new CapturingLogger();
  const closers: { close(): Promise<unknown> }[] = [];

  beforeAll(async () => {
    env = await createTestEnv({ SMTP_URL: await smtp.start() });
  });
  afterAll(async () => {
    for (const c of closers) await c.close();
    await env.close();
    await smtp.stop();
  });

  it('through signup, failed and good logins, verification, reset and an error', async () => {
    const app = await createApp(env.config, logs);
    await app.listen(0, '127.0.0.1');
    closers.push(app);
    const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(env.config), { logger: logs });
    closers.push(worker);
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;

    const p = newPlayer({ password: 'Sup3r-Secret-Pass' });
    await request(url).post('/api/signup').send(p).expect(201);
    await request(url).post('/api/login').send({ identifier: p.username, password: 'Wr0ng-Secret-Pass' }).expect(401);
    const { token } = (await request(url).post('/api/login').send({ identifier: p.username, password: p.password }).expect(200)).body;
    await request(url).post('/api/send-verification-email').set('authorization', `Bearer ${token}`).send({}).expect(200);
    const verifyToken = linkIn((await smtp.waitFor(p.email)).raw, 'verify-email')
      .split('/')
      .pop()!;
    await request(url).post('/api/forgot-password').send({ email: p.email }).expect(200);
    const resetToken = linkIn((await smtp.waitFor(p.email, (m) => m.raw.includes('reset-password'))).raw, 'reset-password')
      .split('/')
      .pop()!;
    await request(url).post('/api/reset-password').send({ token: resetToken, password: 'N3w-Secret-Pass' }).expect(200);
    await request(url).post('/api/signup').set('content-type', 'application/json').send(`{"password":"Sup3r-Secret-Pass",`).expect(400);

    const all = logs.lines.join('\n');
    expect(logs.lines.length).toBeGreaterThan(5); // the processes did log
    expect(all).toContain('email job'); // including the worker
    for (const secret of ['Sup3r-Secret-Pass', 'Wr0ng-Secret-Pass', 'N3w-Secret-Pass', token, verifyToken, resetToken]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/\$argon2id\$/);
  });
});
