import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue #9: direct messages (docs/social.md#messages). */
export class DirectMessages1763830000100 implements MigrationInterface {
  name = 'DirectMessages1763830000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE direct_messages (
        id serial PRIMARY KEY,
        sender_id integer NOT NULL REFERENCES users(id),
        recipient_id integer NOT NULL REFERENCES users(id),
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        CHECK (sender_id <> recipient_id)
      )`);
    // A chat's pages: the pair, newest id first (the cursor is the id).
    await q.query(`CREATE INDEX direct_messages_pair_idx ON direct_messages (LEAST(sender_id, recipient_id), GREATEST(sender_id, recipient_id), id DESC)`);
    // The conversation list reads a player's messages from both sides.
    await q.query(`CREATE INDEX direct_messages_sender_idx ON direct_messages (sender_id, id DESC)`);
    await q.query(`CREATE INDEX direct_messages_recipient_idx ON direct_messages (recipient_id, id DESC)`);
    // Unread counts and mark-read.
    await q.query(`CREATE INDEX direct_messages_unread_idx ON direct_messages (recipient_id, sender_id) WHERE read_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE direct_messages`);
  }
}
