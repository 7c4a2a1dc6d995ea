import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 8: the transactional outbox (docs/jobs.md#the-outbox). Every domain event that must not
 * be lost (job enqueues, closing sockets, leaderboard updates) is written here in the transaction
 * that caused it, delivered after the commit, and deleted once delivered; whatever a crash or an
 * unreachable Redis left behind is relayed later.
 */
export class Outbox1763820000100 implements MigrationInterface {
  name = 'Outbox1763820000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        -- The kind of process that wrote it: only that kind relays it, since only it has every
        -- listener of its events (the worker has no mail scheduler, for one).
        origin text NOT NULL CHECK (origin IN ('api', 'worker')),
        event text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX outbox_origin_created_idx ON outbox (origin, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outbox`);
  }
}
