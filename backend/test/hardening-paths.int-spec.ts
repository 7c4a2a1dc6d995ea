import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { useTestApp } from './support/harness';
import { signupAndLogin } from './support/players';

/**
 * Every path check runs on the path the router matches (docs/api.md#paths-as-the-router-reads-them):
 * a percent-encoded letter reaches the same route as the plain one, so it meets the same admin
 * login and the same headers; a malformed escape is a plain 400.
 */
describe('hardening: percent-encoded paths meet the same checks as plain ones', () => {
  let url: string;
  useTestApp({}, (started) => {
    url = started.apis[0].url;
  });

  it('keeps the OpenAPI document behind the admin login whatever letters are escaped', async () => {
    for (const path of ['/api/%64ocs/json', '/%61pi/docs/json', '/api/docs/%6Ason', '/api/%64ocs', '/api/docs%2Fjson']) {
      const res = await request(url).get(path);
      expect(`${path} ${res.status}`).toMatch(new RegExp(`^${path} (401|404)$`));
      expect(res.body.paths).toBeUndefined();
      if (res.status === 401) expect(res.headers['www-authenticate']).toMatch(/^Basic/);
    }
    expect((await request(url).get('/api/%64ocs/json').auth('admin', 'admin-secret').expect(200)).body.paths['/api/login']).toBeDefined();
  });

  it('answers an escaped API path with the API headers (no-store) and JSON, never the page', async () => {
    const me = await signupAndLogin(url);
    const res = await request(url).get('/%61pi/user').set('authorization', `Bearer ${me.token}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.user.username).toBe(me.player.username);
    const missing = await request(url).get('/%61pi/no-such-call').expect(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('refuses a malformed escape with a plain 400', async () => {
    for (const path of ['/api/%zz', '/api/user%', '/%E0%A4%A', '/api/docs/%C0%AF']) {
      const res = await request(url).get(path).expect(400);
      expect(res.body).toEqual({ message: MSG.pathMalformed });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
