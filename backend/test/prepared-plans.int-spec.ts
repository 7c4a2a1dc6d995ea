import request from 'supertest';
import { Client, type Pool } from 'pg';
import { DataSource } from 'typeorm';
import { MSG, type DirectMessage } from '@gotnext/shared';
import { useTestApp } from './support/harness';
import { auth, player } from './support/matches';
import { createLeague, sendLeagueChat } from './support/leagues';
import { befriend, send } from './support/social';
import { POOL_IDLE_MS } from '../src/database/data-source';

const DM_BATCH = 'direct-messages.insert-many-if-allowed';
const LEAGUE_BATCH = 'league-messages.insert-many-if-member';

/** These prepared statements as each connection of the API's pool holds them (pg_prepared_statements is per connection). */
async function preparedOnPool(pool: Pool, names: string[]): Promise<{ name: string; statement: string; generic: number; custom: number }[]> {
  // Checking out as many clients as the pool holds hands back every connection it has (none is busy).
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const rows = await Promise.all(clients.map((c) => c.query(`SELECT name, statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ANY($1)`, [names])));
    return rows.flatMap((r) => r.rows.map((x) => ({ name: x.name, statement: x.statement, generic: Number(x.generic_plans), custom: Number(x.custom_plans) })));
  } finally {
    clients.forEach((c) => c.release());
  }
}

/** Every node of a JSON plan (EXPLAIN (FORMAT JSON)), subplans and CTEs included. */
function planNodes(node: Record<string, unknown>): Record<string, unknown>[] {
  return [node, ...((node.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(planNodes)];
}

/**
 * A quiet chat sends its messages one at a time, each a batch of one. Its statements must then be
 * planned once per connection like every prepared statement (database/jsonb-batch.ts): with the
 * batch as arrays, PostgreSQL planned a batch of one anew on every send. The plan they keep must
 * cost what the batch holds, not what the tables hold.
 */
describe('the chat statements’ plans (docs/architecture.md#per-request-cost)', () => {
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

    const plans = await preparedOnPool(pool, [DM_BATCH, LEAGUE_BATCH]);
    for (const name of [DM_BATCH, LEAGUE_BATCH]) {
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

  /**
   * A chat batch's statement reads each message's facts (the recipient or the member row, blocks,
   * friendship, the push device) by index, one lookup per message, whatever the tables hold
   * (docs/social.md#messages): the old join over the whole batch scanned the players table.
   */
  it('plans no scan or hash of players, friendships, blocks, devices or members, with thousands of rows analyzed', async () => {
    const [ann, ben] = [await player(env, url, false), await player(env, url, false)];
    await befriend(url, ann, ben);
    const league = await createLeague(url, ann);
    await send(url, ann, ben, 'court 3 at 7').expect(201);
    await sendLeagueChat(url, ann, league.league_id, 'who has next?').expect(201);

    // Tables the size of a small city's players, with their statistics.
    await env.sql(`INSERT INTO users (username, email, first_name, last_name, phone_number, date_of_birth, state, bio, password_hash)
                   SELECT 'plan' || i, 'plan' || i || '@plans.test', 'Plan', 'Player', '+15550000000', '1995-01-01', 'CA', '', 'x' FROM generate_series(1, 3000) i`);
    await env.sql(
      `INSERT INTO friendships (user_low, user_high) SELECT id, id + 1 FROM users WHERE username LIKE 'plan%' AND id % 2 = 0 AND id + 1 <= (SELECT max(id) FROM users)`,
    );
    await env.sql(`INSERT INTO blocks (blocker_id, blocked_id) SELECT id, id + 2 FROM users WHERE username LIKE 'plan%' AND id % 3 = 0 AND id + 2 <= (SELECT max(id) FROM users)`);
    await env.sql(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) SELECT id, 'https://push.test/' || id, 'k', 'a' FROM users WHERE username LIKE 'plan%' AND id % 3 = 1`,
    );
    await env.sql(`INSERT INTO leagues (name, creator_id) SELECT 'Plan league ' || g, (SELECT min(id) FROM users WHERE username LIKE 'plan%') FROM generate_series(1, 100) g`);
    await env.sql(`INSERT INTO league_members (league_id, user_id, can_edit_settings)
                   SELECT l.id, u.id, false FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM leagues WHERE name LIKE 'Plan league %') l
                   JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE username LIKE 'plan%') u ON (u.n - 1) / 20 + 1 = l.n`);
    await env.sql(`ANALYZE users; ANALYZE friendships; ANALYZE blocks; ANALYZE push_subscriptions; ANALYZE league_members`);

    const byName = new Map((await preparedOnPool(pool, [DM_BATCH, LEAGUE_BATCH])).map((s) => [s.name, s.statement]));
    const args: Record<string, string> = {
      [DM_BATCH]: `'[{"sender_id":${ann.userId},"recipient_id":${ben.userId},"body":"x"}]', true`,
      [LEAGUE_BATCH]: `'[{"league_id":${league.league_id},"sender_id":${ann.userId},"body":"x"}]'`,
    };
    const watched = ['users', 'friendships', 'blocks', 'push_subscriptions', 'league_members'];
    // A connection of its own, in a transaction rolled back: the plan setting and the copies of the
    // statements stay off the API's pool, whose connections hold its own prepared statements.
    const db = new Client({ connectionString: env.config.DATABASE_URL });
    await db.connect();
    try {
      await db.query(`BEGIN`);
      await db.query(`SET LOCAL plan_cache_mode = force_generic_plan`); // the plan every send reuses
      for (const [name, values] of Object.entries(args)) {
        expect(byName.get(name)).toBeDefined();
        const local = name.replace(/\W/g, '_');
        await db.query(`PREPARE ${local} AS ${byName.get(name)}`);
        const {
          rows: [
            {
              'QUERY PLAN': [plan],
            },
          ],
        } = await db.query(`EXPLAIN (FORMAT JSON) EXECUTE ${local}(${values})`);
        const reads = planNodes(plan.Plan).filter((n) => watched.includes(n['Relation Name'] as string));
        expect(reads.length).toBeGreaterThan(0);
        for (const n of reads) {
          expect({ name, table: n['Relation Name'], node: n['Node Type'], by: n['Index Cond'] ?? null }).toEqual({
            name,
            table: n['Relation Name'],
            node: expect.stringMatching(/^Index (Only )?Scan$/),
            by: expect.any(String),
          });
        }
      }
    } finally {
      await db.query(`ROLLBACK`).catch(() => undefined);
      await db.end();
    }
  });
});
