import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13: a chat message's insert no longer locks its sender's and recipient's (or its league's)
 * rows (docs/social.md#messages). Each foreign key ran a `SELECT … FOR KEY SHARE` on the
 * referenced row per inserted message: an index lookup plus a row lock, which writes WAL and, when
 * two batches lock the same player, a MultiXact. Measured on the send statement itself (11 direct
 * messages per statement, a copy of the schema): 46.7–47.3 µs of PostgreSQL per message with the
 * keys, 37.6–38.2 µs without (docs/scaling.md).
 *
 * The keys guarded nothing the application does not: users and leagues are never deleted, only
 * marked (`users.deleted_at`, `leagues.archived_at`), and the send statements themselves read the
 * rows they need in the same statement (a direct message's live recipient; for league chat the
 * live sender's `league_members` row, locked, which itself references the league); the sender of
 * either is the session's user.
 */
export class ChatMessagesWithoutForeignKeys1763920000500 implements MigrationInterface {
  name = 'ChatMessagesWithoutForeignKeys1763920000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE direct_messages DROP CONSTRAINT direct_messages_sender_id_fkey, DROP CONSTRAINT direct_messages_recipient_id_fkey`);
    await q.query(`ALTER TABLE league_messages DROP CONSTRAINT league_messages_league_id_fkey, DROP CONSTRAINT league_messages_sender_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE direct_messages ADD CONSTRAINT direct_messages_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES users(id),
                   ADD CONSTRAINT direct_messages_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES users(id)`);
    await q.query(`ALTER TABLE league_messages ADD CONSTRAINT league_messages_league_id_fkey FOREIGN KEY (league_id) REFERENCES leagues(id),
                   ADD CONSTRAINT league_messages_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES users(id)`);
  }
}
