import { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763700000000 implements MigrationInterface {
  name = 'Accounts1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username text NOT NULL,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        phone_number text NOT NULL,
        date_of_birth date NOT NULL,
        height text,
        weight text,
        state text NOT NULL,
        bio text NOT NULL,
        password_hash text NOT NULL,
        email_verified boolean NOT NULL DEFAULT false,
        id_verified boolean NOT NULL DEFAULT false,
        profile_picture text,
        profile_picture_version integer NOT NULL DEFAULT 0,
        preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    // Case-insensitive uniqueness, deleted accounts included: names and addresses stay reserved.
    await q.query(`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);
    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX sessions_user_active_idx ON sessions (user_id) WHERE revoked_at IS NULL`);
    await q.query(`
      CREATE TABLE email_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_tokens_user_purpose_idx ON email_tokens (user_id, purpose)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_tokens`);
    await q.query(`DROP TABLE sessions`);
    await q.query(`DROP TABLE users`);
  }
}
