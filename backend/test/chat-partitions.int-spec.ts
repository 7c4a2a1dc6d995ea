import request from 'supertest';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatHistoryResponse } from '@gotnext/shared';
import { ChatMonthPartitions1764920000000 } from '../src/database/migrations/1764920000000-ChatMonthPartitions';
import { CHAT_MONTHS_AHEAD, ChatPartitionsRepository } from '../src/chat/chat-partitions.repository';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, eventually, player, type Player } from './support/matches';
import { send } from './support/social';

/** `direct_messages_2026_12` for a table and a UTC month offset from now. */
function monthName(table: string, offset: number, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + offset, 1));
  return `${table}_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Issue 48: both chats are partitioned by month (docs/scaling.md#partitioned-chat). The migration
 * moves existing rows into the months they were written in and keeps their ids; pages by id read
 * across months; the worker keeps the coming months ready; a detached month leaves every read.
 */
describe('chat tables partitioned by month', () => {
  let env: TestEnv;
  let url: string;
  let worker: INestApplicationContext;
  let db: DataSource;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    env = await createTestEnv();
    url = (await env.startApi()).url;
    worker = await env.startWorker();
    db = worker.get(DataSource);
    alice = await player(env, url, false);
    bob = await player(env, url, false);
  });
  afterAll(() => env.close());

  const partitionsOf = async (table: string) =>
    (
      await env.sql<{ name: string }>(`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass ORDER BY c.relname`, [
        table,
      ])
    ).map((r) => r.name);

  const wholeChat = async (viewer: Player, other: Player): Promise<string[]> => {
    const bodies: string[] = [];
    for (let before: number | null | undefined = undefined; before !== null;) {
      const page: ChatHistoryResponse = (
        await request(url)
          .get(`/api/chat-history/${other.userId}`)
          .query(before ? { before } : {})
          .set(auth(viewer))
          .expect(200)
      ).body;
      bodies.unshift(...page.messages.map((m) => m.message));
      before = page.next_cursor;
    }
    return bodies;
  };

  it('the worker keeps this month and the next ones ready for both chats, and a second run changes nothing', async () => {
    const ahead = Array.from({ length: CHAT_MONTHS_AHEAD + 1 }, (_, i) => i);
    for (const table of ['direct_messages', 'league_messages']) {
      await eventually(async () => {
        const parts = await partitionsOf(table);
        return ahead.every((i) => parts.includes(monthName(table, i)));
      });
    }
    // Half a year from now, twice at once (two workers, or a boot beside the daily run): each month made once.
    const later = new Date(Date.now() + 183 * 24 * 3600 * 1000);
    const partitions = worker.get(ChatPartitionsRepository);
    const [first, second] = await Promise.all([partitions.keepAhead(later), partitions.keepAhead(later)]);
    expect(second).toEqual(first);
    expect(first).toContain(monthName('league_messages', CHAT_MONTHS_AHEAD, later));
    expect((await partitionsOf('direct_messages')).filter((p) => p === monthName('direct_messages', CHAT_MONTHS_AHEAD, later))).toHaveLength(1);
  });

  it('the migration moves every message into its month with its id, and the chat still pages by id across months, also after a month is detached', async () => {
    // As a database from before: plain tables holding messages of three months.
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    await new ChatMonthPartitions1764920000000().down(runner);
    await runner.commitTransaction();
    expect(await partitionsOf('direct_messages')).toEqual([]);
    const months = [-14, -2, 0].map((offset) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1, 12)).toISOString();
    });
    for (let i = 0; i < 45; i += 1) {
      const [from, to] = i % 2 ? [alice, bob] : [bob, alice];
      await env.sql(`INSERT INTO direct_messages (sender_id, recipient_id, body, created_at) VALUES ($1, $2, $3, $4)`, [
        from.userId,
        to.userId,
        `m${i}`,
        months[Math.floor(i / 15)],
      ]);
    }
    await env.sql(`INSERT INTO league_messages (league_id, sender_id, body, created_at) VALUES (1, $1, 'old league', $2)`, [alice.userId, months[0]]);
    const before = await env.sql<{ id: number; body: string }>(`SELECT id, body FROM direct_messages ORDER BY id`);

    await runner.startTransaction();
    await new ChatMonthPartitions1764920000000().up(runner);
    await runner.commitTransaction();
    await runner.release();

    expect(await env.sql(`SELECT id, body FROM direct_messages ORDER BY id`)).toEqual(before);
    const where = await env.sql<{ part: string; n: number }>(`SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM direct_messages GROUP BY 1 ORDER BY 1`);
    expect(where).toEqual([-14, -2, 0].map((offset) => ({ part: monthName('direct_messages', offset), n: 15 })));
    expect(await env.sql(`SELECT tableoid::regclass::text AS part FROM league_messages WHERE body = 'old league'`)).toEqual([{ part: monthName('league_messages', -14) }]);
    // Every month from the oldest message to those ahead, none missing in between.
    expect(await partitionsOf('direct_messages')).toEqual(Array.from({ length: 14 + CHAT_MONTHS_AHEAD + 1 }, (_, i) => monthName('direct_messages', i - 14)));

    // A new message takes the next id (the sequence went with the table) and lands in this month.
    await send(url, alice, bob, 'after the move').expect(201);
    const [newest] = await env.sql<{ id: number; part: string }>(`SELECT id, tableoid::regclass::text AS part FROM direct_messages ORDER BY id DESC LIMIT 1`);
    expect(newest).toEqual({ id: before.at(-1)!.id + 1, part: monthName('direct_messages', 0) });
    const all = [...before.map((r) => r.body), 'after the move'];
    expect(await wholeChat(bob, alice)).toEqual(all);

    // An operator detaches the oldest month (to archive it): its messages leave the chat, the rest still pages.
    await env.sql(`ALTER TABLE direct_messages DETACH PARTITION ${monthName('direct_messages', -14)}`);
    expect(await wholeChat(alice, bob)).toEqual(all.slice(15));
    expect(await env.sql(`SELECT count(*)::int AS n FROM ${monthName('direct_messages', -14)}`)).toEqual([{ n: 15 }]);
  });
});
