import { ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { Queue } from 'bullmq';
import { createTestEnv, TestEnv } from './support/harness';
import { bullConnection, bullPrefix, QUEUES } from '../src/jobs/queues';
import { newPlayer } from './support/players';

const DIST = resolve(__dirname, '../dist');

function startProcess(file: string, env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, [resolve(DIST, file)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs the compiled processes (`npm test` builds first), as production does. */
describe('graceful shutdown on SIGTERM', () => {
  let env: TestEnv;
  let processEnv: Record<string, string>;

  beforeAll(async () => {
    env = await createTestEnv();
    processEnv = Object.fromEntries(Object.entries(env.config).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
  });
  afterAll(() => env.close());

  it('the API answers the requests in flight, then exits 0', async () => {
    const port = String(40000 + Math.floor(Math.random() * 10000));
    const api = startProcess('main.js', { ...processEnv, PORT: port });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await request(url).get('/api/health').then((r) => r.status, () => 0)) === 200);
    const p = newPlayer();
    await request(url).post('/api/signup').send(p).expect(201);

    // A request provably in flight: headers and half the body are on the server when SIGTERM lands,
    // the rest of the body follows after it. (Timing several concurrent requests instead flakes
    // on a loaded machine, where some have not connected yet and are rightly refused.)
    const body = JSON.stringify({ identifier: p.username, password: p.password });
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((ok) => socket.once('connect', ok));
    let answer = '';
    socket.on('data', (c) => (answer += c));
    const closed = new Promise((ok) => socket.once('close', ok));
    socket.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`);
    socket.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));
    api.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    expect(api.child.exitCode).toBeNull(); // waiting for the request in hand
    socket.write(body.slice(10)); // not end(): a half-closed client makes Node abort the request
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"token"');
    expect(await api.exited).toBe(0);
    await expect(request(url).get('/api/health')).rejects.toThrow(); // and nothing is accepted after
  });

  it('the worker finishes the mail job in hand before exiting 0', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
      onData(stream, session, cb) {
        stream.resume();
        // Hold the mail for a moment so the job is mid-send when SIGTERM arrives.
        stream.on('end', () => gate.then(() => { received.push(session.envelope.rcptTo[0].address); cb(); }));
      },
    });
    await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
    const worker = startProcess('worker.js', { ...processEnv, SMTP_URL: smtpUrl });
    const queue = new Queue(QUEUES.email, { connection: bullConnection(env.config.REDIS_URL), prefix: bullPrefix(env.config.REDIS_PREFIX) });
    try {
      // The job names the account; the worker looks it up and issues the link as it sends.
      const [{ id }] = await env.sql<{ id: number }>(
        `INSERT INTO users (username, email, first_name, last_name, phone_number, date_of_birth, state, bio, password_hash)
         VALUES ('slowpoke', 'slow@example.com', 'Slow', 'Poke', '+15550000000', '1990-01-01', 'CA', 'Waits.', 'x') RETURNING id`,
      );
      const job = await queue.add('verify_email', { kind: 'verify_email', userId: id }, { jobId: 'verify_email-shutdown-1' });
      await waitFor(async () => (await job.getState()) === 'active');
      worker.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      expect(worker.child.exitCode).toBeNull(); // still finishing the job
      release();
      expect(await worker.exited).toBe(0);
      expect(received).toEqual(['slow@example.com']);
      expect(await job.getState()).toBe('completed');
    } finally {
      release();
      await queue.close();
      await new Promise<void>((ok) => smtp.close(() => ok()));
    }
  });
});
