import request from 'supertest';
import { MSG, OPS_REQUEST_HEADER } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';

/**
 * Ops writes come only from the ops screens (docs/api.md#ops-writes): a form on another site
 * that rides on the browser's remembered admin login (the Basic dialog of /api/docs) changes nothing.
 */
describe('ops writes: only from the ops screens', () => {
  let env: TestEnv;
  let url: string;
  const basic = { Authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}` };
  const ops = { ...basic, [OPS_REQUEST_HEADER]: '1' };
  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });
  const articles = async () => Number((await env.sql<{ n: string }>(`SELECT count(*) AS n FROM articles`))[0].n);

  it("refuses a write without the ops screens' header, whatever it carries, and changes nothing", async () => {
    const forged = [
      request(url).post('/api/admin/articles').set(basic).field('title', 'Forged').field('text', 'From another site.'),
      request(url).post('/api/admin/disputes/1').set(basic).type('form').send('decision=void'),
      request(url).post('/api/admin/disputes/1').set(basic).send({ decision: 'void' }),
      request(url).delete('/api/admin/articles/1').set(basic),
    ];
    for (const res of await Promise.all(forged)) {
      expect(`${res.status} ${res.body.message}`).toBe(`403 ${MSG.opsWriteForeign}`);
    }
    expect(await articles()).toBe(0);
  });

  it('refuses a write from another origin or site even with the header, and form bodies', async () => {
    for (const extra of [{ Origin: 'https://evil.test' }, { 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'none' }, { Origin: 'null' }]) {
      const res = await request(url)
        .post('/api/admin/disputes/1')
        .set({ ...ops, ...extra })
        .send({ decision: 'void' });
      expect(`${JSON.stringify(extra)} ${res.status} ${res.body.message}`).toBe(`${JSON.stringify(extra)} 403 ${MSG.opsWriteForeign}`);
    }
    for (const [type, body] of [
      ['form', 'decision=void'],
      ['text/plain', '{"decision":"void"}'],
    ] as const) {
      const res = await request(url).post('/api/admin/disputes/1').set(ops).type(type).send(body);
      expect(`${type} ${res.status} ${res.body.message}`).toBe(`${type} 415 ${MSG.opsWriteJsonOnly}`);
    }
    // Multipart only where the ops screen uploads (the articles).
    const multi = await request(url).post('/api/admin/disputes/1').set(ops).field('decision', 'void');
    expect(`${multi.status} ${multi.body.message}`).toBe(`415 ${MSG.opsWriteJsonOnly}`);
    expect(await articles()).toBe(0);
  });

  it("holds the job board's writes to the same origin and site checks", async () => {
    for (const extra of [{ Origin: 'https://evil.test' }, { 'Sec-Fetch-Site': 'cross-site' }]) {
      const res = await request(url)
        .put('/admin/queues/api/queues/email/pause')
        .set({ ...basic, ...extra });
      expect(`${res.status} ${res.body.message}`).toBe(`403 ${MSG.opsWriteForeign}`);
    }
    expect(
      (await request(url).get('/admin/queues/api/queues?activeQueue=email').set(basic).expect(200)).body.queues.find((q: { name: string }) => q.name === 'email').isPaused,
    ).toBe(false);
  });

  it('lets the ops screens write: JSON, the article upload, from their own origin', async () => {
    const origin = new URL(env.config.PUBLIC_URL).origin;
    const created = await request(url)
      .post('/api/admin/articles')
      .set({ ...ops, Origin: origin, 'Sec-Fetch-Site': 'same-origin' })
      .field('title', 'Court news')
      .field('text', 'New nets.')
      .expect(201);
    expect(await articles()).toBe(1);
    await request(url).delete(`/api/admin/articles/${created.body.article.id}`).set(ops).expect(200);
    expect((await request(url).post('/api/admin/disputes/999999').set(ops).send({ decision: 'void' })).status).toBe(404);
    // Reads need no header.
    await request(url).get('/api/admin/disputes').set(basic).expect(200);
  });
});
