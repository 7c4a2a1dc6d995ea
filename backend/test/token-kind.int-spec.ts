import request from 'supertest';
import * as jwt from 'jsonwebtoken';
import { MSG, ROUTES } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';

/**
 * A bearer token opens a session only when it is an access token for this API: `aud` and `typ`
 * are checked on every verify, so a token signed with the same secret for another audience or of
 * another kind is a 401, and one without them (signed before the check) too (docs/accounts.md#sessions-and-logout).
 */
describe('access tokens: audience and kind', () => {
  let env: TestEnv;
  let url: string;
  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  it('issues access tokens for the API and refuses any other audience or kind on a live session', async () => {
    const me = await signupAndLogin(url);
    const claims = jwt.decode(me.token) as unknown as { sub: number; sid: string; aud: string; typ: string };
    expect(claims).toMatchObject({ aud: 'gotnext-api', typ: 'access' });
    await request(url).get(ROUTES.me.path).set('authorization', `Bearer ${me.token}`).expect(200);

    const base = { sub: claims.sub, user_id: claims.sub, sid: claims.sid };
    const sign = (payload: object, audience?: string) => jwt.sign(payload, env.config.JWT_SECRET, { algorithm: 'HS256', expiresIn: 600, ...(audience ? { audience } : {}) });
    const others = {
      'no aud, no typ (signed before the check)': sign(base),
      'another audience': sign({ ...base, typ: 'access' }, 'gotnext-ops'),
      'another kind': sign({ ...base, typ: 'refresh' }, 'gotnext-api'),
      'no kind': sign(base, 'gotnext-api'),
    };
    for (const [kind, token] of Object.entries(others)) {
      const res = await request(url).get(ROUTES.me.path).set('authorization', `Bearer ${token}`);
      expect(`${kind}: ${res.status}`).toBe(`${kind}: 401`);
      expect(res.body).toEqual({ message: MSG.sessionExpired });
    }
    // The real token still works: the session itself was never touched.
    await request(url).get(ROUTES.me.path).set('authorization', `Bearer ${me.token}`).expect(200);
  });
});
