import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue #3: pictures every instance can serve, the pending ID photo, ID verdicts, blocks. */
export class Identity1763700000300 implements MigrationInterface {
  name = 'Identity1763700000300';

  async up(q: QueryRunner): Promise<void> {
    // Uploaded pictures live in PostgreSQL, not a local folder, so every API instance serves them.
    await q.query(`
      CREATE TABLE media (
        key text PRIMARY KEY,
        content_type text NOT NULL,
        bytes bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The ID photo waiting for its check; the job carries only this row's id. One pending per user.
    await q.query(`
      CREATE TABLE id_check_uploads (
        id serial PRIMARY KEY,
        user_id integer NOT NULL UNIQUE REFERENCES users(id),
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Verdict history, without the photo.
    await q.query(`
      CREATE TABLE id_checks (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        upload_id integer NOT NULL,
        passed boolean NOT NULL,
        reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX id_checks_user_idx ON id_checks (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE blocks (
        blocker_id integer NOT NULL REFERENCES users(id),
        blocked_id integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id),
        CHECK (blocker_id <> blocked_id)
      )`);
    // "Blocked either way" looks up both columns.
    await q.query(`CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id)`);
    // Player search by username prefix/substring, case-insensitively.
    await q.query(`CREATE INDEX users_username_lower_pattern_idx ON users (lower(username) text_pattern_ops) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_username_lower_pattern_idx`);
    await q.query(`DROP TABLE blocks`);
    await q.query(`DROP TABLE id_checks`);
    await q.query(`DROP TABLE id_check_uploads`);
    await q.query(`DROP TABLE media`);
  }
}
