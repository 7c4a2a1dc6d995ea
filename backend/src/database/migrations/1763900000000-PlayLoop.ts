import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The play loop around a match (issue 14): when a match was cancelled, and when a dispute past
 * its 72 h deadline went to the ops' moderation queue (docs/matches.md#moderation). An index for
 * the caller's open matches (docs/matches.md#my-matches) and for the queue.
 */
export class PlayLoop1763900000000 implements MigrationInterface {
  name = 'PlayLoop1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matches ADD COLUMN cancelled_at timestamptz, ADD COLUMN moderation_since timestamptz`);
    await q.query(`CREATE INDEX matches_moderation_idx ON matches (moderation_since, id) WHERE status = 'disputed' AND moderation_since IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX matches_moderation_idx`);
    await q.query(`ALTER TABLE matches DROP COLUMN cancelled_at, DROP COLUMN moderation_since`);
  }
}
