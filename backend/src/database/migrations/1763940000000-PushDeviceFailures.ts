import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 44: a device's consecutive failed sends, so one that keeps failing is forgotten
 * (docs/notifications.md#push-budget) instead of costing every push of its player a timeout.
 */
export class PushDeviceFailures1763940000000 implements MigrationInterface {
  name = 'PushDeviceFailures1763940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE push_subscriptions ADD COLUMN failures integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE push_subscriptions DROP COLUMN failures`);
  }
}
