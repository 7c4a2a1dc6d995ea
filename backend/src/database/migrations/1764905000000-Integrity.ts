import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The integrity graph and the glass box (docs/rating.md#integrity, docs/rating.md#glass-box):
 * - sessions keep keyed hashes (HMAC with INTEGRITY_HASH_SECRET) of the device (User-Agent) and the
 *   network address they logged in from, never the raw values;
 * - `match_integrity`: a match's weight 0–1 in the rating (no row: 1); `tainted` matches are left
 *   out of every pool (a confirmed case);
 * - `integrity_cases`: the ops' fair-play queue, one case per player and kind;
 * - `rating_calibration`: the nightly measure of the rating's accuracy (one row).
 */
export class Integrity1764905000000 implements MigrationInterface {
  name = 'Integrity1764905000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions ADD COLUMN device_hash text, ADD COLUMN address_hash text`);
    await q.query(`
      CREATE TABLE match_integrity (
        match_id integer PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
        weight double precision NOT NULL CHECK (weight >= 0 AND weight <= 1),
        tainted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE integrity_cases (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('ring', 'boosting', 'sandbagging')),
        score real NOT NULL,
        evidence jsonb NOT NULL,
        match_ids integer[] NOT NULL,
        with_ids integer[] NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'dismissed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        appeal text,
        appealed_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX integrity_cases_once_idx ON integrity_cases (user_id, kind)`);
    await q.query(`CREATE INDEX integrity_cases_queue_idx ON integrity_cases (status, created_at DESC)`);
    await q.query(`
      CREATE TABLE rating_calibration (
        id smallint PRIMARY KEY CHECK (id = 1),
        engine_version integer NOT NULL,
        computed_at timestamptz NOT NULL,
        data jsonb NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rating_calibration`);
    await q.query(`DROP TABLE integrity_cases`);
    await q.query(`DROP TABLE match_integrity`);
    await q.query(`ALTER TABLE sessions DROP COLUMN device_hash, DROP COLUMN address_hash`);
  }
}
