import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue #9: friend requests and friendships (docs/social.md#friends). */
export class Friends1763830000000 implements MigrationInterface {
  name = 'Friends1763830000000';

  async up(q: QueryRunner): Promise<void> {
    // A pending request; accepting, declining or withdrawing it deletes the row.
    await q.query(`
      CREATE TABLE friend_requests (
        id serial PRIMARY KEY,
        sender_id integer NOT NULL REFERENCES users(id),
        recipient_id integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (sender_id <> recipient_id)
      )`);
    // One pending request per pair, whichever way it goes.
    await q.query(`CREATE UNIQUE INDEX friend_requests_pair_idx ON friend_requests (LEAST(sender_id, recipient_id), GREATEST(sender_id, recipient_id))`);
    await q.query(`CREATE INDEX friend_requests_recipient_idx ON friend_requests (recipient_id, created_at DESC)`);
    // One row per friendship, the lower id first, so a pair cannot be friends twice.
    await q.query(`
      CREATE TABLE friendships (
        user_low integer NOT NULL REFERENCES users(id),
        user_high integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_low, user_high),
        CHECK (user_low < user_high)
      )`);
    await q.query(`CREATE INDEX friendships_high_idx ON friendships (user_high, user_low)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE friendships`);
    await q.query(`DROP TABLE friend_requests`);
  }
}
