import request from 'supertest';
import * as argon2 from 'argon2';
import { MSG, ROUTES, routePath, type RouteDef } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { newPlayer, signupAndLogin } from './support/players';
import { photoWithExif } from './support/images';
import { createMatch, details, join, player } from './support/matches';

/**
 * The hardening of issue 8, as a caller meets it: the API documents itself only to the admin
 * outside development, personal answers are never cached, pictures are served as inline images
 * and leave with their player, usernames and passwords are normalised and checked, dates of birth
 * start in 1900, and deleting an account asks for the password again (docs/accounts.md, docs/api.md).
 */
describe('hardening: docs, caching, pictures, usernames, passwords, deletion', () => {
  let env: TestEnv;
  let url: string;
  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  it('serves /api/docs and /api/docs/json only to the admin outside development, to anyone in development', async () => {
    for (const path of ['/api/docs', '/api/docs/json', '/api/docs/json?x=1']) {
      const res = await request(url).get(path).expect(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic/);
      await request(url).get(path).auth('admin', 'nope').expect(401);
    }
    expect((await request(url).get('/api/docs/json').auth('admin', 'admin-secret').expect(200)).body.paths['/api/login']).toBeDefined();
    const dev = (await env.startApi({ NODE_ENV: 'development' })).url;
    await request(dev).get('/api/docs/json').expect(200);
  });

  it('answers every call that reads or takes a token with Cache-Control: no-store, whatever the status', async () => {
    const me = await signupAndLogin(url);
    const routes = (Object.entries(ROUTES) as [string, RouteDef][]).sort(([a], [b]) => Number(a === 'logout') - Number(b === 'logout')); // logout last
    // A plausible value for every path parameter, so routes added later are checked too.
    const known: Record<string, string | number> = { type: '1v1', userId: me.userId, token: 'x'.repeat(43), region: 'National' };
    const paramsOf = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, known[name] ?? 1]));
    const checked: string[] = [];
    for (const [name, route] of routes) {
      if (route.auth === 'none') continue;
      const path = routePath(route.path, paramsOf(route.path));
      const res = await request(url)[route.method.toLowerCase() as 'get'](path).set('authorization', `Bearer ${me.token}`);
      expect(`${name} ${res.status}: ${res.headers['cache-control']}`).toBe(`${name} ${res.status}: no-store`);
      checked.push(name);
    }
    expect(checked).toEqual(expect.arrayContaining(['me', 'userProfile', 'players', 'notifications', 'deleteAccount', 'logout']));
    // Anonymous and refused answers too.
    expect((await request(url).get('/api/user').expect(401)).headers['cache-control']).toBe('no-store');
    expect((await request(url).post('/api/login').send({ identifier: me.player.username, password: me.player.password }).expect(200)).headers['cache-control']).toBe('no-store');
  });

  it('serves pictures inline under a plain file name, unsniffed, and 404 on every path once their player is deleted', async () => {
    const a = await player(env, url);
    const b = await player(env, url);
    const password = newPlayer().password;
    await request(url)
      .put('/api/update-user')
      .set('authorization', `Bearer ${a.token}`)
      .attach('photo', await photoWithExif(60, 60), 'me.jpg')
      .expect(200);
    const path = `/uploads/profile-pictures/${a.userId}.jpg`;
    const served = await request(url).get(`${path}?v=1`).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${a.userId}.jpg"`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const match = await createMatch(url, b, '1v1', { ranked: false });
    expect((await join(url, a, '1v1', match.match_code)).status).toBe(200);
    expect((await details(url, b, match.match_id).expect(200)).body.opponent.profile_picture).toBe(`uploads/profile-pictures/${a.userId}.jpg`);

    await request(url).delete('/api/delete-account').set('authorization', `Bearer ${a.token}`).send({ password }).expect(200);
    for (const gone of [path, `${path}?v=1`, `${path}?v=2`]) await request(url).get(gone).expect(404);
    await request(url).get(path).set('if-none-match', served.headers.etag).expect(404);
    expect((await details(url, b, match.match_id).expect(200)).body.opponent.profile_picture).toBeNull();
    expect(await env.sql(`SELECT key FROM media WHERE key = $1`, [`profile-pictures/${a.userId}.jpg`])).toEqual([]);
  });

  it('normalises usernames (NFKC), allows letters, digits and . _ - only, and keeps them unique in that form', async () => {
    const tag = Date.now().toString(36);
    for (const bad of [`ab\u200bcd${tag}`, `a@b${tag}`, `\u0440\u0430\u0443\u0440\u0430l${tag}`, `two words${tag}`, `tab\t${tag}`, `emoji\u{1F3C0}${tag}`, `x${tag}\u0301`]) {
      const res = await request(url)
        .post('/api/signup')
        .send(newPlayer({ username: bad }))
        .expect(400);
      expect(res.body).toEqual({ message: MSG.usernameInvalid });
    }
    expect(
      (
        await request(url)
          .post('/api/signup')
          .send(newPlayer({ username: `a${'b'.repeat(30)}` }))
          .expect(400)
      ).body,
    ).toEqual({ message: MSG.usernameTooLong });

    const fullWidth = `\uFF30\uFF4C\uFF41\uFF59-${tag}`; // 'Ｐｌａｙ-…'
    const p = newPlayer({ username: fullWidth });
    const created = await request(url).post('/api/signup').send(p).expect(201);
    const [row] = await env.sql<{ username: string }>(`SELECT username FROM users WHERE id = $1`, [created.body.user_id]);
    expect(row.username).toBe(`Play-${tag}`);
    expect(
      (
        await request(url)
          .post('/api/signup')
          .send(newPlayer({ username: `play-${tag}` }))
          .expect(409)
      ).body,
    ).toEqual({ message: MSG.usernameTaken });
    await request(url).post('/api/login').send({ identifier: fullWidth, password: p.password }).expect(200);
    await request(url)
      .post('/api/login')
      .send({ identifier: `PLAY-${tag}`, password: p.password })
      .expect(200);
    const other = (
      await request(url)
        .post('/api/signup')
        .send(newPlayer({ username: `ok_name.-${tag}` }))
        .expect(201)
    ).body.user_id;

    // The database holds the line too: a look-alike written around the app collides with the stored name.
    await expect(env.sql(`UPDATE users SET username = $1 WHERE id = $2`, [`\uFF50\uFF4C\uFF41\uFF59-${tag}`, other])).rejects.toThrow(/users_username_nfkc_lower_key/);
  });

  it('normalises passwords before hashing and verifying, keeps older hashes working, and refuses common passwords', async () => {
    const typed = '\uFF28\uFF4F\uFF4F\uFF50\uFF53-Dream-\uFF19'; // 'Ｈｏｏｐｓ-Dream-９'
    const p = newPlayer({ password: typed });
    const { body } = await request(url).post('/api/signup').send(p).expect(201);
    await request(url).post('/api/login').send({ identifier: p.username, password: 'Hoops-Dream-9' }).expect(200);
    await request(url).post('/api/login').send({ identifier: p.username, password: typed }).expect(200);

    // Hashes made before normalisation: plain ASCII, and a non-ASCII password hashed as typed.
    const legacy = async (password: string) => {
      await env.sql(`UPDATE users SET password_hash = $1 WHERE id = $2`, [await argon2.hash(password, { type: argon2.argon2id }), body.user_id]);
      await request(url).post('/api/login').send({ identifier: p.username, password }).expect(200);
    };
    await legacy('Plain-Ascii-77');
    await legacy('\uFF2C\uFF45\uFF47\uFF41\uFF43\uFF59-Pass');

    for (const common of ['password1', 'Basketball', 'qwerty123', '\uFF51\uFF57\uFF45\uFF52\uFF54\uFF59\uFF11\uFF12\uFF13']) {
      expect(
        (
          await request(url)
            .post('/api/signup')
            .send(newPlayer({ password: common }))
            .expect(400)
        ).body,
      ).toEqual({ message: MSG.passwordTooCommon });
    }
    expect(
      (
        await request(url)
          .post('/api/reset-password')
          .send({ token: 'x'.repeat(43), password: 'iloveyou' })
          .expect(400)
      ).body,
    ).toEqual({ message: MSG.passwordTooCommon });
  });

  it('refuses a date of birth before 1900-01-01 at signup and when editing, and accepts that day', async () => {
    expect(
      (
        await request(url)
          .post('/api/signup')
          .send(newPlayer({ dateOfBirth: '1899-12-31' }))
          .expect(400)
      ).body,
    ).toEqual({ message: MSG.dobTooEarly });
    const p = await signupAndLogin(url, { dateOfBirth: '1900-01-01' });
    const res = await request(url).put('/api/update-user').set('authorization', `Bearer ${p.token}`).send({ date_of_birth: '0001-01-01' }).expect(400);
    expect(res.body).toEqual({ message: MSG.dobTooEarly });
  });

  it('deletes an account only with its password: missing 400, wrong 403 (still logged in), throttled like a login', async () => {
    const p = await signupAndLogin(url);
    const del = (body: object) => request(url).delete('/api/delete-account').set('authorization', `Bearer ${p.token}`).send(body);
    expect((await del({}).expect(400)).body).toEqual({ message: MSG.passwordRequired });
    expect((await del({ password: 'not-mine' }).expect(403)).body).toEqual({ message: MSG.deletePasswordWrong });
    await request(url).get('/api/user').set('authorization', `Bearer ${p.token}`).expect(200);
    for (let i = 0; i < 4; i += 1) await del({ password: `not-mine-${i}` }).expect(403);
    const locked = await del({ password: p.player.password }).expect(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const [{ deleted }] = await env.sql<{ deleted: boolean }>(`SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1`, [p.userId]);
    expect(deleted).toBe(false);

    const q = await signupAndLogin(url);
    await request(url).delete('/api/delete-account').set('authorization', `Bearer ${q.token}`).send({ password: q.player.password }).expect(200);
    await request(url).get('/api/user').set('authorization', `Bearer ${q.token}`).expect(401);
  });
});
