import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13: one index less to write per direct message (docs/social.md#messages). The
 * conversation list found a player's messages through two indexes, by sender and by recipient;
 * it now finds them by the pair, as the chat's pages do: the messages where the player is the
 * pair's lower id through the pair index, those where it is the higher through this one. Every
 * read keeps an index that fits (docs/scaling.md#measured-costs has the EXPLAINs' summary).
 */
export class DirectMessagesPartnerIndex1763910000100 implements MigrationInterface {
  name = 'DirectMessagesPartnerIndex1763910000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX direct_messages_pair_high_idx ON direct_messages (GREATEST(sender_id, recipient_id), LEAST(sender_id, recipient_id), id DESC)`);
    await q.query(`DROP INDEX direct_messages_sender_idx`);
    await q.query(`DROP INDEX direct_messages_recipient_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX direct_messages_sender_idx ON direct_messages (sender_id, id DESC)`);
    await q.query(`CREATE INDEX direct_messages_recipient_idx ON direct_messages (recipient_id, id DESC)`);
    await q.query(`DROP INDEX direct_messages_pair_high_idx`);
  }
}
