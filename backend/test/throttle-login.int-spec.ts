import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { clearThrottles, createTestEnv, TestEnv } from './support/harness';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { newPlayer, signupAndLogin } from './support/players';

/**
 * Login throttling as players and attackers meet it (docs/accounts.md#throttling): two API
 * instances reached directly (127.0.0.1, no trusted proxy: a client's X-Forwarded-For is ignored)
 * and one behind a trusted proxy (this test plays nginx and says which client address it saw).
 */
describe('login throttling: atomic, per account and address, proxy-aware', () => {
  let env: TestEnv;
  let direct: string[];
  let proxied: string;
  const smtp = new SmtpSink();
  const PAIR = 5;
  const ACCOUNT = 12;
  const SPRAY = 6;

  beforeAll(async () => {
    env = await createTestEnv({
      SMTP_URL: await smtp.start(),
      LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: String(PAIR),
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(ACCOUNT),
      LOGIN_MAX_ACCOUNTS_PER_ADDRESS: String(SPRAY),
    });
    direct = [(await env.startApi()).url, (await env.startApi()).url];
    proxied = (await env.startApi({ TRUSTED_PROXIES: '127.0.0.1' })).url;
    await env.startWorker();
  });
  afterAll(async () => {
    await env.close();
    await smtp.stop();
  });
  // Every direct request comes from 127.0.0.1: each test starts with no counters, so none leans on another's.
  beforeEach(() => clearThrottles(env));

  /** A login through the trusted proxy, from client address `from`. */
  const loginFrom = (from: string, identifier: string, password: string) => request(proxied).post('/api/login').set('x-forwarded-for', from).send({ identifier, password });
  const signup = async () => {
    const p = newPlayer();
    await request(direct[0]).post('/api/signup').send(p).expect(201);
    return p;
  };

  it('evaluates no more than the limit of 50 concurrent wrong passwords spread over two instances', async () => {
    const p = await signup();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        request(direct[i % 2])
          .post('/api/login')
          .send({ identifier: p.username, password: `wrong-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toHaveLength(PAIR); // only these reached the password check
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - PAIR);
    await request(direct[1]).post('/api/login').send({ identifier: p.username, password: p.password }).expect(429);
  });

  it('counts username and e-mail of one account on one counter', async () => {
    const p = await signup();
    for (let i = 0; i < 3; i += 1) await request(direct[0]).post('/api/login').send({ identifier: p.username, password: 'wrong-pass' }).expect(401);
    for (let i = 0; i < 2; i += 1) await request(direct[1]).post('/api/login').send({ identifier: p.email.toUpperCase(), password: 'wrong-pass' }).expect(401);
    await request(direct[0]).post('/api/login').send({ identifier: p.username, password: p.password }).expect(429);
  });

  it('ignores an X-Forwarded-For the client sent itself: rotating it neither escapes the limits nor locks out its victim', async () => {
    // Spraying one password over many accounts with a new forged address each time: all counted for 127.0.0.1.
    const targets = await Promise.all(Array.from({ length: SPRAY + 2 }, () => signup()));
    const sprayed: number[] = [];
    for (const [i, t] of targets.entries()) {
      const res = await request(direct[0])
        .post('/api/login')
        .set('x-forwarded-for', `203.0.113.${i + 1}`)
        .send({ identifier: t.username, password: 'Spring2024!' });
      sprayed.push(res.status);
    }
    expect(sprayed).toEqual([...Array(SPRAY).fill(401), 429, 429]);

    // Failures sent "as" the victim's address are not the victim's: the victim, behind the real proxy, logs in.
    const victim = await signup();
    for (let i = 0; i < PAIR; i += 1) {
      await request(direct[1]).post('/api/login').set('x-forwarded-for', '198.51.100.7').send({ identifier: victim.username, password: 'guess' });
    }
    await loginFrom('198.51.100.7', victim.username, victim.password).expect(200);
  });

  it('never locks the owner out at their usual address, whatever strangers do; new addresses wait, and are told how long', async () => {
    const owner = await signup();
    await loginFrom('10.0.0.1', owner.username, owner.password).expect(200); // the owner's usual address
    for (const stranger of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) {
      for (let i = 0; i < ACCOUNT / 3; i += 1) await loginFrom(stranger, owner.username, 'let-me-in').expect(401);
    }
    const fresh = await loginFrom('10.0.2.2', owner.username, owner.password).expect(429);
    const wait = Number(fresh.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(900);
    expect(fresh.body.message).toBe(MSG.tooManyLogins(`${Math.ceil(wait / 60)} minutes`)); // the window is 15 minutes
    expect(fresh.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes or reset your password\.$/);
    await loginFrom('10.0.0.1', owner.username, owner.password).expect(200);

    // A password reset lifts the lock everywhere.
    await request(direct[0]).post('/api/forgot-password').send({ email: owner.email }).expect(200);
    const token = linkIn((await smtp.waitFor(owner.email, (m) => m.raw.includes('reset-password'))).raw, 'reset-password')
      .split('/')
      .pop()!;
    await request(direct[0]).post('/api/reset-password').send({ token, password: 'Brand-New-Court-9' }).expect(200);
    await loginFrom('10.0.2.2', owner.username, 'Brand-New-Court-9').expect(200);
  });

  it("does not lock everyone behind a shared address for one player's failures, and slows a pair down before locking it", async () => {
    const clumsy = await signup();
    const neighbour = await signup();
    const took: number[] = [];
    for (let i = 0; i < PAIR; i += 1) {
      const started = Date.now();
      await loginFrom('192.0.2.50', clumsy.username, `typo-${i}`).expect(401);
      took.push(Date.now() - started);
    }
    // From the third failure on, each answer waits first: 0.5 s, 1 s, 2 s (lower bounds hold on any machine).
    expect(took[2]).toBeGreaterThanOrEqual(450);
    expect(took[3]).toBeGreaterThanOrEqual(950);
    expect(took[4]).toBeGreaterThanOrEqual(1950);
    await loginFrom('192.0.2.50', clumsy.username, clumsy.password).expect(429); // that pair waits
    await loginFrom('192.0.2.51', clumsy.username, clumsy.password).expect(200); // the player elsewhere does not
    await loginFrom('192.0.2.50', neighbour.username, neighbour.password).expect(200); // nor the gym's other players
  });

  it('stops spraying from one address at the accounts it has not logged in to before', async () => {
    const regular = await signupAndLogin(direct[0]);
    await loginFrom('192.0.2.80', regular.player.username, regular.player.password).expect(200);
    const targets = await Promise.all(Array.from({ length: SPRAY + 1 }, () => signup()));
    const statuses: number[] = [];
    for (const t of targets) statuses.push((await loginFrom('192.0.2.80', t.username, 'Summer2024')).status);
    expect(statuses).toEqual([...Array(SPRAY).fill(401), 429]);
    // A right password is never refused by the spray counter: it waits its turn (one check a second
    // for that address) and gets in (docs/accounts.md#throttling).
    await loginFrom('192.0.2.80', targets[SPRAY].username, targets[SPRAY].password).expect(200);
    await loginFrom('192.0.2.80', regular.player.username, regular.player.password).expect(200); // the regular still gets in
    // Several players behind that address at once, each with the right password: all get in.
    const gym = await Promise.all(Array.from({ length: 3 }, () => signup()));
    for (const res of await Promise.all(gym.map((g) => loginFrom('192.0.2.80', g.username, g.password)))) expect(res.status).toBe(200);
    const stranger = await signup();
    await loginFrom('192.0.2.80', stranger.username, 'Autumn2024').expect(429); // a wrong one still reads as refused
  });

  it("never applies the spray counter to a logged-in player's password re-check (account deletion)", async () => {
    // Logged in elsewhere, so the sprayed address is not one of the player's usual ones.
    const player = await signup();
    const token = (await loginFrom('192.0.2.90', player.username, player.password).expect(200)).body.token;
    const targets = await Promise.all(Array.from({ length: SPRAY + 1 }, () => signup()));
    for (const t of targets) await request(direct[0]).post('/api/login').send({ identifier: t.username, password: 'Winter2024' });
    const another = await signup();
    await request(direct[0]).post('/api/login').send({ identifier: another.username, password: 'Winter2024' }).expect(429); // the address is past the spray limit
    await request(direct[0]).delete('/api/delete-account').set('authorization', `Bearer ${token}`).send({ password: player.password }).expect(200);
  });

  it('throttles the admin login (job board, ops sign-in) the same way, and does not count a visit without credentials', async () => {
    const board = (from: string) => request(proxied).get('/admin/queues').set('x-forwarded-for', from);
    for (let i = 0; i < PAIR + 3; i += 1) await board('10.0.5.5').expect(401); // the browser's first request, no credentials
    for (let i = 0; i < PAIR; i += 1) await board('10.0.5.5').auth('admin', `guess-${i}`).expect(401);
    const locked = await board('10.0.5.5').auth('admin', 'admin-secret').expect(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The ops area's sign-in call shares the one admin login and its counters.
    const session = (from: string) => request(proxied).get('/api/admin/session').set('x-forwarded-for', from).auth('admin', 'admin-secret');
    expect(Number((await session('10.0.5.5').expect(429)).headers['retry-after'])).toBeGreaterThan(0);
    await board('10.0.5.6').auth('admin', 'admin-secret').expect(200);
    await session('10.0.5.6').expect(200);
  });
});
