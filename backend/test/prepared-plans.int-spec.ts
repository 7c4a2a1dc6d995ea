import request from 'supertest';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { MSG, type DirectMessage } from '@gotnext/shared';
import { useTestApp } from './support/harness';
import { auth, player } from './support/matches';
import { createLeague, sendLeagueChat } from './support/leagues';
import { befriend, send } from './support/social';
import { POOL_IDLE_MS } from '../src/database/data-source';

/** How often each connection of the API's pool planned these prepared statements (pg_prepared_statements is per connection). */
async function plansOf(pool: Pool, names: string[]): Promise<{ name: string; generic: number; custom: number }[]> {
  // Checking out as many clients as the pool holds hands back every connection it has (none is busy).
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const rows = await Promise.all(clients.map((c) => c.query(`SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ANY($1)`, [names])));
    return rows.flatMap((r) => r.rows.map((x) => ({ name: x.name, generic: Number(x.generic_plans), custom: Number(x.custom_plans) })));
  } finally {
    clients.forEach((c) => c.release());
  }
}

/**
 * A quiet chat sends its messages one at a time, each a batch of one. Its statements must then be
 * planned once per connection like every prepared statement (database/jsonb-batch.ts): with the
 * batch as arrays, PostgreSQL planned a batch of one anew on every send.
 */
describe('chat statements are planned once per connection (docs/architecture.md#per-request-cost)', () => {
  let url: string;
  let pool: Pool;
  let env: Parameters<typeof player>[0];
  useTestApp({}, ({ env: e, apis: [api] }) => {
    env = e;
    url = api.url;
    pool = (api.app.get(DataSource).driver as unknown as { master: Pool }).master;
  });

  it('direct and league messages sent one at a time reuse the generic plan after PostgreSQL’s five trial plans', async () => {
    const [ann, ben] = [await player(env, url, false), await player(env, url, false)];
    await befriend(url, ann, ben);
    const league = await createLeague(url, ann);
    const SENDS = 12;
    for (let i = 0; i < SENDS; i += 1) {
      await send(url, ann, ben, `dm ${i}`).expect(201);
      const res = await sendLeagueChat(url, ann, league.league_id, `league ${i}`).expect(201);
      expect(res.body.message).toBe(MSG.messageSent);
    }
    // What the players see is unchanged: every message stored, in order.
    const history: DirectMessage[] = (await request(url).get(`/api/chat-history/${ben.userId}`).set(auth(ann)).expect(200)).body.messages;
    const dms = [...history].sort((a, b) => a.id - b.id).map((m) => m.message);
    expect(dms).toEqual(Array.from({ length: SENDS }, (_, i) => `dm ${i}`));

    const plans = await plansOf(pool, ['direct-messages.insert-many-if-allowed', 'league-messages.insert-many-if-member']);
    for (const name of ['direct-messages.insert-many-if-allowed', 'league-messages.insert-many-if-member']) {
      const mine = plans.filter((p) => p.name === name);
      expect(mine.reduce((n, p) => n + p.generic + p.custom, 0)).toBe(SENDS);
      // One after another, the sends run on the same idle connection: enough to see past the trials.
      expect(Math.max(...mine.map((p) => p.generic + p.custom))).toBeGreaterThan(5);
      for (const p of mine) expect(p.custom).toBeLessThanOrEqual(5);
    }
  });

  it('keeps an idle connection, and the plans it made, for minutes rather than pg-pool’s 10 s (docs/architecture.md#pool-connections)', () => {
    // The option as the API's own pool holds it: TypeORM hands `extra` to pg-pool.
    expect((pool as unknown as { options: { idleTimeoutMillis: number } }).options.idleTimeoutMillis).toBe(POOL_IDLE_MS);
    expect(POOL_IDLE_MS).toBeGreaterThanOrEqual(60_000);
  });
});
