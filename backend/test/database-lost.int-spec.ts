import request from 'supertest';
import { Client } from 'pg';
import { MSG, ROUTES } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';

/**
 * PostgreSQL ending the API's connection under a call (failover, restart, an admin's terminate) is
 * "try again in a moment", not a server bug: 503 `{ message }`, and the next call is served on a
 * fresh connection (docs/architecture.md#when-redis-is-away).
 */
describe('a terminated database connection', () => {
  let env: TestEnv;
  let url: string;
  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  it('answers the call that was using it with 503 in plain words, then serves the next one', async () => {
    const me = await signupAndLogin(url);
    const auth = `Bearer ${me.token}`;
    // Hold the users table so the call's query is waiting on PostgreSQL when its connection ends.
    const locker = new Client({ connectionString: env.config.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const call = request(url)
        .get(ROUTES.me.path)
        .set('authorization', auth)
        .then((r) => r);
      let waiting = 0;
      while (waiting === 0) {
        const [row] = await env.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
          [(locker as unknown as { processID: number }).processID],
        );
        waiting = row.n;
      }
      await env.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> $1`, [
        (locker as unknown as { processID: number }).processID,
      ]);
      const res = await call;
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: MSG.serviceUnavailable });
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    const again = await request(url).get(ROUTES.me.path).set('authorization', auth).expect(200);
    expect(again.body.user.username).toBe(me.player.username);
  });
});
