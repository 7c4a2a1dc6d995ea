import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { PasswordService } from '../src/passwords/password.service';
import { clearThrottles, createTestEnv, type TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';

/**
 * What an unauthenticated client can make the server spend on argon2 (docs/accounts.md#argon2-budget):
 * a reset link is checked before the new password is hashed, resets are counted per address,
 * and one account's successful logins and live sessions are capped.
 */
describe('argon2 budget: reset token first, resets, logins and sessions capped', () => {
  let env: TestEnv;
  let url: string;
  let hashes = 0;

  beforeAll(async () => {
    env = await createTestEnv({ RESET_PASSWORD_MAX_PER_ADDRESS: '5', LOGIN_MAX_SUCCESSES_PER_ACCOUNT: '4', SESSIONS_MAX_PER_ACCOUNT: '2' });
    const api = await env.startApi();
    url = api.url;
    // Counts the real service's hashes (it still hashes): the test's window on argon2 work.
    const passwords = api.app.get(PasswordService);
    const hash = passwords.hash.bind(passwords);
    passwords.hash = (p: string) => ((hashes += 1), hash(p));
  });
  afterAll(() => env.close());
  beforeEach(() => clearThrottles(env));

  it('checks the reset link before hashing the new password, and counts resets per address', async () => {
    const before = hashes;
    for (let i = 0; i < 5; i += 1) {
      const res = await request(url)
        .post('/api/reset-password')
        .send({ token: `${'j'.repeat(40)}${i}`, password: 'Fresh-Court-88' })
        .expect(400);
      expect(res.body).toEqual({ message: MSG.invalidToken });
    }
    expect(hashes).toBe(before);
    const limited = await request(url)
      .post('/api/reset-password')
      .send({ token: 'k'.repeat(43), password: 'Fresh-Court-88' })
      .expect(429);
    expect(limited.body.message).toMatch(/^Too many requests/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("caps an account's live sessions (the oldest end) and its successful logins per window", async () => {
    const p = await signupAndLogin(url); // one login
    const login = () => request(url).post('/api/login').send({ identifier: p.player.username, password: p.player.password });
    const second = (await login().expect(200)).body.token;
    const third = (await login().expect(200)).body.token;
    // Two live sessions at most: the first one ended.
    await request(url).get('/api/user').set('authorization', `Bearer ${p.token}`).expect(401);
    await request(url).get('/api/user').set('authorization', `Bearer ${second}`).expect(200);
    await request(url).get('/api/user').set('authorization', `Bearer ${third}`).expect(200);
    await login().expect(200);
    const capped = await login().expect(429);
    expect(capped.body.message).toMatch(/^Too many/);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    const [{ n }] = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, [p.userId]);
    expect(n).toBe(2);
  });
});
