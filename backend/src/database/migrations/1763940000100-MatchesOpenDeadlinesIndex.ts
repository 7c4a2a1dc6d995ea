import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The worker's deadline reconciler walks every started, unsettled match by id every few minutes
 * (docs/jobs.md#deadlines-after-a-redis-loss); this index keeps that walk to the open matches
 * instead of the whole table.
 */
export class MatchesOpenDeadlinesIndex1763940000100 implements MigrationInterface {
  name = 'MatchesOpenDeadlinesIndex1763940000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX matches_open_deadlines_idx ON matches (id) WHERE status IN ('in-progress', 'disputed')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX matches_open_deadlines_idx`);
  }
}
