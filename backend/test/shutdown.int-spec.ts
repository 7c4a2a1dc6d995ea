import { ChildProcess, spawn } from 'node:child_process';
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

    // argon2 makes each login take a while and runs four at a time, so 16 logins keep the API busy
    // well past the signal; 100 ms gives every request time to connect even on a loaded machine.
    const answeredAt: number[] = [];
    const inFlight = Array.from({ length: 16 }, () =>
      request(url).post('/api/login').send({ identifier: p.username, password: p.password })
        .then((res) => (answeredAt.push(Date.now()), res.status), () => 0));
    await new Promise((r) => setTimeout(r, 100));
    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    expect(await Promise.all(inFlight)).toEqual(Array(16).fill(200));
    expect(answeredAt.some((t) => t > signalledAt)).toBe(true); // work really was in flight at the signal
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
      const job = await queue.add('verify_email', { kind: 'verify_email', userId: 1, to: 'slow@example.com', link: 'http://gotnext.test/verify-email/abc' }, { jobId: 'verify_email-shutdown-1' });
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
