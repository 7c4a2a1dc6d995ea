import { connect } from 'node:net';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { Queue } from 'bullmq';
import { createTestEnv, TestEnv } from './support/harness';
import { bullConnection, bullPrefix, QUEUES } from '../src/jobs/queues';
import { newPlayer } from './support/players';
import { ending, killLeftovers, processEnvOf, startApiProcess, startProcess, waitFor } from './support/processes';

afterEach(killLeftovers);

/** Runs the compiled processes (`npm test` builds first), as production does. */
describe('graceful shutdown on SIGTERM', () => {
  let env: TestEnv;
  let processEnv: Record<string, string>;

  beforeAll(async () => {
    env = await createTestEnv();
    processEnv = processEnvOf(env.config);
  });
  afterAll(() => env.close());

  it('the API answers the requests in flight, then exits 0', async () => {
    const api = await startApiProcess(env.config);
    const { port, url } = api;
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
    expect(await ending(api)).toMatchObject({ code: 0 });
    await expect(request(url).get('/api/health')).rejects.toThrow(); // and nothing is accepted after
  });

  /** An HTTP/1.1 client on a raw socket, so the test decides exactly when each byte is sent. */
  async function rawConnection(port: string) {
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((ok) => socket.once('connect', ok));
    let received = '';
    let error: string | undefined;
    socket.on('data', (c) => (received += c));
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    const closed = new Promise<number>((ok) => socket.once('close', () => ok(Date.now())));
    return { socket, received: () => received, error: () => error, closed };
  }

  it('closes idle keep-alive connections at once, answers the keep-alive request in flight with Connection: close, and exits 0', async () => {
    const api = await startApiProcess(env.config);
    const { port, url } = api;
    const p = newPlayer();
    await request(url).post('/api/signup').send(p).expect(201);

    // Three keep-alive connections that each finished a request and now sit idle, as browsers and
    // load balancers keep them.
    const idle = await Promise.all([1, 2, 3].map(() => rawConnection(port)));
    for (const c of idle) c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await waitFor(() => idle.every((c) => c.received().includes('"ok"')));
    expect(idle.every((c) => /connection: keep-alive/i.test(c.received()))).toBe(true);

    // A slow request in flight on a keep-alive connection: headers and part of the body now, the rest later.
    const body = JSON.stringify({ identifier: p.username, password: p.password });
    const slow = await rawConnection(port);
    slow.socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n`,
    );
    slow.socket.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));

    api.child.kill('SIGTERM');
    // The idle connections are closed while the slow request is still waiting for its body.
    await Promise.all(idle.map((c) => c.closed));
    expect(api.child.exitCode).toBeNull();
    expect(slow.received()).toBe('');

    slow.socket.write(body.slice(10));
    await slow.closed; // the server closes it after the answer: the client did not ask to
    expect(slow.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(slow.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(slow.received()).toContain('"token"');
    expect(await ending(api)).toMatchObject({ code: 0 });
  });

  it('answers every one of 40 requests in flight when SIGTERM lands, resets none, and exits 0', async () => {
    const api = await startApiProcess(env.config);
    // 40 clients, each connected and with its whole request sent before the signal; some are still
    // in the accept queue or unread on their socket when it lands, as under a load balancer.
    const clients = await Promise.all(Array.from({ length: 40 }, () => rawConnection(api.port)));
    for (const c of clients) c.socket.write('GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    api.child.kill('SIGTERM');
    await Promise.all(clients.map((c) => c.closed));
    const answers = clients.map((c, i) => `${i}: ${c.error() ?? c.received().split('\r\n')[0]}`);
    expect(answers).toEqual(clients.map((_, i) => `${i}: HTTP/1.1 200 OK`));
    expect(await ending(api)).toMatchObject({ code: 0 });
    await expect(request(api.url).get('/api/health')).rejects.toThrow(); // nothing is accepted after
  });

  it('exits by the shutdown deadline even when a client never finishes its request', async () => {
    const api = await startApiProcess(env.config, { SHUTDOWN_TIMEOUT_MS: '2000' });
    const stuck = await rawConnection(api.port);
    stuck.socket.write('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"identifier"');
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    api.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    expect(api.child.exitCode).toBeNull(); // still giving the request its chance
    expect(await ending(api)).toMatchObject({ code: 1 }); // cut off at the deadline, and says so
    expect(Date.now() - signalled).toBeLessThan(2000 + 5000);
    expect(api.output()).toContain('shutdown deadline');
    stuck.socket.destroy();
  });

  it('the worker finishes the mail job in hand before exiting 0', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        stream.resume();
        // Hold the mail for a moment so the job is mid-send when SIGTERM arrives.
        stream.on(
          'end',
          () =>
            void gate.then(() => {
              received.push(session.envelope.rcptTo[0].address);
              cb();
            }),
        );
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
      expect(await ending(worker)).toMatchObject({ code: 0 });
      // Players signed up earlier in this file have their verification mails queued too (sent at signup).
      expect(received.filter((to) => to === 'slow@example.com')).toEqual(['slow@example.com']);
      expect(await job.getState()).toBe('completed');
    } finally {
      release();
      await queue.close();
      await new Promise<void>((ok) => smtp.close(() => ok()));
    }
  });
});
