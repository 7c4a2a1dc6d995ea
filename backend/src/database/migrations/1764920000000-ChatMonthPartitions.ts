import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each chat table, its columns in order, its CHECK and its indexes (names kept, so plans and docs still name them). */
const TABLES = [
  {
    table: 'direct_messages',
    columns: `id integer NOT NULL DEFAULT nextval('direct_messages_id_seq'),
        sender_id integer NOT NULL,
        recipient_id integer NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        CONSTRAINT direct_messages_check CHECK (sender_id <> recipient_id)`,
    list: 'id, sender_id, recipient_id, body, created_at, read_at',
    indexes: {
      direct_messages_pair_idx: `(LEAST(sender_id, recipient_id), GREATEST(sender_id, recipient_id), id DESC)`,
      direct_messages_pair_high_idx: `(GREATEST(sender_id, recipient_id), LEAST(sender_id, recipient_id), id DESC)`,
      direct_messages_unread_idx: `(recipient_id, sender_id) WHERE read_at IS NULL`,
    },
  },
  {
    table: 'league_messages',
    columns: `id integer NOT NULL DEFAULT nextval('league_messages_id_seq'),
        league_id integer NOT NULL,
        sender_id integer NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()`,
    list: 'id, league_id, sender_id, body, created_at',
    indexes: { league_messages_page_idx: `(league_id, id DESC)` },
  },
];

/** Months kept ready ahead of today; the worker's daily job keeps as many (backend/src/chat/chat-partitions.repository.ts). */
const MONTHS_AHEAD = 3;

/**
 * Issue 48: the two chat tables are partitioned by month of `created_at`
 * (docs/scaling.md#partitioned-chat), so a month of old messages can be detached (and archived or
 * dropped) without a long DELETE, and each month's indexes stay the size of a month. The id stays
 * the cursor: the same sequence numbers every row, and pages read `id < cursor` on each month's
 * copy of the same indexes. The primary key must hold the partition key, so it is
 * (id, created_at); nothing references it.
 *
 * `chat_month_partition(table, month)` creates a month's partition if it is missing, under a
 * transaction-scoped advisory lock so two callers never race on the CREATE. Rows are moved into
 * the months they were written in; there is no default partition, so a row can only land in its
 * own month (a default one would have to be emptied before each new month could be created).
 */
export class ChatMonthPartitions1764920000000 implements MigrationInterface {
  name = 'ChatMonthPartitions1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION chat_month_partition(p_table regclass, p_month date) RETURNS text
      LANGUAGE plpgsql AS $fn$
      DECLARE
        month_start timestamp := date_trunc('month', p_month::timestamp);
        part text := format('%s_%s', p_table::text, to_char(month_start, 'YYYY_MM'));
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('chat_month_partition'));
        IF to_regclass(part) IS NULL THEN
          -- Month bounds in UTC, whatever the session's time zone.
          EXECUTE format('CREATE TABLE %I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)', part, p_table,
            month_start AT TIME ZONE 'UTC', (month_start + interval '1 month') AT TIME ZONE 'UTC');
        END IF;
        RETURN part;
      END $fn$`);
    for (const t of TABLES) {
      const old = `${t.table}_unpartitioned`;
      await q.query(`ALTER TABLE ${t.table} RENAME TO ${old}`);
      await q.query(`ALTER TABLE ${old} RENAME CONSTRAINT ${t.table}_pkey TO ${old}_pkey`);
      for (const name of Object.keys(t.indexes)) await q.query(`DROP INDEX ${name}`);
      await q.query(`ALTER SEQUENCE ${t.table}_id_seq OWNED BY NONE`);
      await q.query(`CREATE TABLE ${t.table} (${t.columns}, PRIMARY KEY (id, created_at)) PARTITION BY RANGE (created_at)`);
      await q.query(`ALTER SEQUENCE ${t.table}_id_seq OWNED BY ${t.table}.id`);
      await q.query(
        `SELECT chat_month_partition('${t.table}', m::date)
           FROM generate_series(date_trunc('month', LEAST((SELECT min(created_at) FROM ${old}), now()) AT TIME ZONE 'UTC'),
                                date_trunc('month', now() AT TIME ZONE 'UTC') + interval '${MONTHS_AHEAD} months', interval '1 month') m`,
      );
      await q.query(`INSERT INTO ${t.table} (${t.list}) SELECT ${t.list} FROM ${old}`);
      await q.query(`DROP TABLE ${old}`);
      for (const [name, def] of Object.entries(t.indexes)) await q.query(`CREATE INDEX ${name} ON ${t.table} ${def}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of TABLES) {
      const parted = `${t.table}_partitioned`;
      await q.query(`ALTER TABLE ${t.table} RENAME TO ${parted}`);
      await q.query(`ALTER TABLE ${parted} RENAME CONSTRAINT ${t.table}_pkey TO ${parted}_pkey`);
      for (const name of Object.keys(t.indexes)) await q.query(`DROP INDEX ${name}`);
      await q.query(`ALTER SEQUENCE ${t.table}_id_seq OWNED BY NONE`);
      await q.query(`CREATE TABLE ${t.table} (${t.columns}, PRIMARY KEY (id))`);
      await q.query(`ALTER SEQUENCE ${t.table}_id_seq OWNED BY ${t.table}.id`);
      await q.query(`INSERT INTO ${t.table} (${t.list}) SELECT ${t.list} FROM ${parted}`);
      await q.query(`DROP TABLE ${parted}`);
      for (const [name, def] of Object.entries(t.indexes)) await q.query(`CREATE INDEX ${name} ON ${t.table} ${def}`);
    }
    await q.query(`DROP FUNCTION chat_month_partition(regclass, date)`);
  }
}
