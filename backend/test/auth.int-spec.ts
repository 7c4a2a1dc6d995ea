import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { newPlayer, signupAndLogin } from './support/players';

describe('accounts: signup, login, session', () => {
  let env: TestEnv;
  let url: string;

  beforeAll(async () => {
    env = await createTestEnv();
    url = (await env.startApi()).url;
  });
  afterAll(() => env.close());

  it('creates an account with the spec message and stores an argon2id hash, never the password', async () => {
    const player = newPlayer();
    const res = await request(url).post('/api/signup').send(player).expect(201);
    expect(res.body.message).toBe('Account created successfully!');
    const [row] = await env.sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [res.body.user_id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(player.password);
  });

  it('logs the new player in: the signup answer carries a session token that the API accepts', async () => {
    const res = await request(url).post('/api/signup').send(newPlayer()).expect(201);
    expect(typeof res.body.token).toBe('string');
    const me = await request(url).get('/api/user').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body.user.user_id).toBe(res.body.user_id);
  });

  it.each([
    [{ firstName: '' }, MSG.firstNameRequired],
    [{ lastName: '  ' }, MSG.lastNameRequired],
    [{ phoneNumber: '' }, MSG.phoneRequired],
    [{ phoneNumber: '0123' }, MSG.phoneInvalid],
    [{ phoneNumber: '+1' }, MSG.phoneInvalid],
    [{ email: '' }, MSG.emailRequired],
    [{ email: 'not-an-email' }, MSG.emailInvalid],
    [{ username: '' }, MSG.usernameRequired],
    [{ password: '' }, MSG.passwordRequired],
    [{ password: '12345' }, MSG.passwordTooShort],
    [{ dateOfBirth: '' }, MSG.dobRequired],
    [{ dateOfBirth: `${new Date().getUTCFullYear() - 15}-01-01` }, MSG.tooYoung],
    [{ bio: '' }, MSG.bioRequired],
    [{ state: '' }, MSG.countryRequired],
    [{ state: 'Atlantis' }, MSG.countryRequired],
  ])('refuses %p with "%s" and stores nothing', async (patch, message) => {
    const before = await env.sql<{ n: string }>('SELECT count(*) AS n FROM users');
    const res = await request(url).post('/api/signup').send(newPlayer(patch)).expect(400);
    expect(res.body).toEqual({ message });
    const after = await env.sql<{ n: string }>('SELECT count(*) AS n FROM users');
    expect(after[0].n).toBe(before[0].n);
  });

  it('accepts a country name as state and null height/weight', async () => {
    await request(url)
      .post('/api/signup')
      .send(newPlayer({ state: 'Canada', height: null, weight: null }))
      .expect(201);
  });

  it('refuses unknown fields and malformed JSON with a 400 message, never a 500', async () => {
    const extra = await request(url)
      .post('/api/signup')
      .send({ ...newPlayer(), isAdmin: true })
      .expect(400);
    expect(extra.body).toEqual({ message: 'Unknown field: isAdmin.' });
    const bad = await request(url).post('/api/signup').set('content-type', 'application/json').send('{"firstName":').expect(400);
    expect(typeof bad.body.message).toBe('string');
    expect(JSON.stringify(bad.body)).not.toMatch(/at .*\.js/);
  });

  it('answers 409 for a taken username or e-mail, case-insensitively', async () => {
    const first = newPlayer();
    await request(url).post('/api/signup').send(first).expect(201);
    const sameName = await request(url)
      .post('/api/signup')
      .send(newPlayer({ username: first.username.toUpperCase() }))
      .expect(409);
    expect(sameName.body).toEqual({ message: MSG.usernameTaken });
    const sameMail = await request(url)
      .post('/api/signup')
      .send(newPlayer({ email: first.email.toUpperCase() }))
      .expect(409);
    expect(sameMail.body).toEqual({ message: MSG.emailTaken });
  });

  it('lets exactly one of two simultaneous sign-ups with the same username through', async () => {
    const name = `race${Date.now()}`;
    const results = await Promise.all([
      request(url)
        .post('/api/signup')
        .send(newPlayer({ username: name })),
      request(url)
        .post('/api/signup')
        .send(newPlayer({ username: name })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('logs in by username or e-mail and returns token and user_id; GET /api/user reads the account', async () => {
    const p = newPlayer();
    const { body } = await request(url).post('/api/signup').send(p).expect(201);
    const byName = await request(url).post('/api/login').send({ identifier: p.username, password: p.password }).expect(200);
    const byMail = await request(url).post('/api/login').send({ identifier: p.email.toUpperCase(), password: p.password }).expect(200);
    expect(byName.body.user_id).toBe(body.user_id);
    expect(byMail.body.user_id).toBe(body.user_id);
    const me = await request(url).get('/api/user').set('authorization', `Bearer ${byName.body.token}`).expect(200);
    expect(me.body.user).toMatchObject({
      user_id: body.user_id,
      id: body.user_id,
      username: p.username,
      first_name: 'Jordan',
      email: p.email,
      date_of_birth: p.dateOfBirth,
      state: 'CA',
      verified: false,
      email_verified: false,
      id_verified: false,
      preferences: { allowMessages: true, displayHeight: false, censorSensitiveInfo: false },
    });
    expect(me.body.user).not.toHaveProperty('password_hash');
    expect(me.body.user).not.toHaveProperty('passwordHash');
  });

  it('gives a wrong password and an unknown user the same status and message', async () => {
    const p = newPlayer();
    await request(url).post('/api/signup').send(p).expect(201);
    const wrong = await request(url).post('/api/login').send({ identifier: p.username, password: 'nope-nope' });
    const unknown = await request(url).post('/api/login').send({ identifier: 'nobody-here', password: 'nope-nope' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe(MSG.invalidCredentials);
  });

  it('requires both login fields with the spec messages', async () => {
    expect((await request(url).post('/api/login').send({ password: 'x' }).expect(400)).body.message).toBe(MSG.identifierRequired);
    expect((await request(url).post('/api/login').send({ identifier: 'x' }).expect(400)).body.message).toBe(MSG.passwordRequired);
  });

  it('refuses missing, forged, alg=none and revoked tokens', async () => {
    const { token } = await signupAndLogin(url);
    expect((await request(url).get('/api/user').expect(401)).body.message).toBe(MSG.unauthorized);
    const [h, payload] = token.split('.');
    await request(url).get('/api/user').set('authorization', `Bearer ${h}.${payload}.forged`).expect(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await request(url).get('/api/user').set('authorization', `Bearer ${none}.${payload}.`).expect(401);
    await request(url).get('/api/user').set('authorization', `Bearer ${token}`).expect(200);
    // The real token's signature is known now: the same claims with another signature still fail.
    await request(url).get('/api/user').set('authorization', `Bearer ${h}.${payload}.forged`).expect(401);
    await request(url).get('/api/user').set('authorization', `Bearer ${none}.${payload}.`).expect(401);
    await request(url).post('/api/logout').set('authorization', `Bearer ${token}`).expect(200);
    await request(url).get('/api/user').set('authorization', `Bearer ${token}`).expect(401);
  });
});
