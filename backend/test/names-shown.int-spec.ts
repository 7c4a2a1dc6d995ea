import request from 'supertest';
import { MSG, ROUTES } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { newPlayer } from './support/players';
import { auth, player } from './support/matches';
import { leagueName } from './support/leagues';
import { courtForm } from './support/courts';

/**
 * Names other players read (docs/accounts.md#usernames): a reserved username is refused at sign-up,
 * and a league or court name with invisible, text-direction or only combining characters is
 * refused, each in the words the form shows (the same shared rule), with nothing stored.
 */
describe('names shown to other players', () => {
  let env: TestEnv;
  let url: string;
  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  it('refuses reserved usernames at sign-up, whatever their case or separators', async () => {
    for (const username of ['admin', 'Deleted_player', 'deleted.player', '__proto__', 'GotNext']) {
      const res = await request(url).post(ROUTES.signup.path).send(newPlayer({ username }));
      expect(`${username} ${res.status}`).toBe(`${username} 400`);
      expect(res.body).toEqual({ message: MSG.usernameReserved });
    }
    const [row] = await env.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE lower(username) IN ('admin', 'deleted_player', 'deleted.player', '__proto__', 'gotnext')`,
    );
    expect(row.n).toBe(0);
    await request(url)
      .post(ROUTES.signup.path)
      .send(newPlayer({ username: `admin_fan${Date.now() % 100000}` }))
      .expect(201);
  });

  it('refuses league names with an RTL override, a zero-width character or only combining marks', async () => {
    const p = await player(env, url);
    const cases: [string, string][] = [
      [`Hoops\u202Egnp ${leagueName()}`, MSG.nameHiddenCharacters('League name')],
      [`Ho\u200Bops ${leagueName()}`, MSG.nameHiddenCharacters('League name')],
      ['\u0301\u0308\u0327', MSG.nameNeedsVisibleCharacter('League name')],
    ];
    for (const [name, message] of cases) {
      const res = await request(url).post(ROUTES.createLeague.path).set(auth(p)).send({ name, is_private: false, creator_id: p.userId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
    const [row] = await env.sql<{ n: number }>('SELECT count(*)::int AS n FROM leagues');
    expect(row.n).toBe(0);
    await request(url)
      .post(ROUTES.createLeague.path)
      .set(auth(p))
      .send({ name: `Ligue de l\u2019Île ${leagueName()}`, is_private: false })
      .expect(201);
  });

  it('refuses court names with invisible or text-direction characters', async () => {
    const p = await player(env, url);
    const res = await request(url)
      .post(ROUTES.addCourt.path)
      .set(auth(p))
      .send(courtForm({ name: `Rucker\u2066 Park\u2069 ${Date.now()}` }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.nameHiddenCharacters('Court name') });
  });
});
