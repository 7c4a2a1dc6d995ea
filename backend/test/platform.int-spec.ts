import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEnv, TestEnv } from './support/harness';

describe('platform: health, docs, errors, headers, admin, SPA', () => {
  let env: TestEnv;
  let url: string;
  const spa = mkdtempSync(join(tmpdir(), 'gotnext-spa-'));

  beforeAll(async () => {
    writeFileSync(join(spa, 'index.html'), '<!doctype html><title>GotNext</title><div id="root"></div>');
    env = await createTestEnv({ STATIC_DIR: spa, CORS_ORIGINS: 'http://allowed.example' });
    url = (await env.startApi()).url;
  });
  afterAll(() => env.close());

  it('answers liveness and readiness (PostgreSQL + Redis)', async () => {
    expect((await request(url).get('/api/health').expect(200)).body).toEqual({ status: 'ok' });
    expect((await request(url).get('/api/health/ready').expect(200)).body).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok' });
  });

  it('publishes an OpenAPI document listing every account call, to the admin only outside development', async () => {
    await request(url).get('/api/docs/json').expect(401);
    await request(url).get('/api/docs').expect(401);
    await request(url).get('/api/docs/json').auth('admin', 'wrong').expect(401);
    const doc = (await request(url).get('/api/docs/json').auth('admin', 'admin-secret').expect(200)).body;
    for (const path of [
      '/api/signup',
      '/api/login',
      '/api/user',
      '/api/send-verification-email',
      '/api/verify-email/{token}',
      '/api/forgot-password',
      '/api/reset-password',
      '/api/health/ready',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    await request(url).get('/api/docs').auth('admin', 'admin-secret').expect(200);
  });

  it('answers unknown API paths with a JSON 404 and client routes with the SPA', async () => {
    expect((await request(url).get('/api/no-such-call').expect(404)).body).toEqual({ message: 'Not found.' });
    const page = await request(url).get('/pregame/12?matchType=1v1').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<div id="root">');
    await request(url).get('/some/unknown/path').expect(200);
  });

  it('never leaks a stack trace: oversized and malformed bodies get a 4xx message', async () => {
    const big = await request(url)
      .post('/api/login')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ identifier: 'x'.repeat(1_200_000), password: 'y' }));
    expect(big.status).toBe(413);
    expect(typeof big.body.message).toBe('string');
    const bad = await request(url).post('/api/login').set('content-type', 'application/json').send('{"identifier":');
    expect(bad.status).toBe(400);
    expect(bad.text).not.toMatch(/node_modules|at [A-Za-z]+ \(/);
  });

  it('sends security headers and honours the CORS allowlist', async () => {
    const res = await request(url).get('/api/health').set('origin', 'http://allowed.example').expect(200);
    // A JSON answer: the REST set (docs/api.md#cors-and-headers), nothing only a page uses.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBeUndefined();
    // A page: helmet's whole set, with the app's script policy.
    const page = await request(url).get('/').expect(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['access-control-allow-origin']).toBe('http://allowed.example');
    const other = await request(url).get('/api/health').set('origin', 'http://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('checks the ops area sign-in with the admin credentials, and serves the ops pages as SPA routes', async () => {
    expect((await request(url).get('/api/admin/session').expect(401)).body).toEqual({ message: MSG.adminCredentialsRequired });
    const wrong = await request(url).get('/api/admin/session').auth('admin', 'wrong').expect(401);
    expect(wrong.headers['www-authenticate']).toBeUndefined(); // the SPA asks, not the browser's dialog
    await request(url).get('/api/admin/session').auth('root', 'admin-secret').expect(401);
    expect((await request(url).get('/api/admin/session').auth('admin', 'admin-secret').expect(200)).body).toEqual({ user: 'admin' });
    for (const page of ['/admin', '/admin/reports']) {
      const res = await request(url).get(page).expect(200);
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('guards bull-board with the admin credentials', async () => {
    await request(url).get('/admin/queues').expect(401);
    await request(url).get('/admin/queues').auth('admin', 'wrong').expect(401);
    await request(url).get('/admin/queues').auth('admin', 'admin-secret').expect(200);
    const queues = await request(url).get('/admin/queues/api/queues').auth('admin', 'admin-secret').expect(200);
    const names = queues.body.queues.map((q: { name: string }) => q.name);
    expect(names).toEqual(expect.arrayContaining(['email', 'id-verification', 'rating']));
  });
});
