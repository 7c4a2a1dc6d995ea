import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue #15: Web Push subscriptions per device and the kinds a player switched off (docs/notifications.md#web-push). */
export class Push1763880000000 implements MigrationInterface {
  name = 'Push1763880000000';

  async up(q: QueryRunner): Promise<void> {
    // One row per device (a push service endpoint is unique to one browser install); a device that
    // signs in as someone else moves to that player.
    await q.query(`
      CREATE TABLE push_subscriptions (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh text NOT NULL,
        auth text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`);
    // Only what was switched off is stored: every kind is on until the player says otherwise.
    await q.query(`
      CREATE TABLE push_settings (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        disabled text[] NOT NULL DEFAULT '{}'
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE push_settings`);
    await q.query(`DROP TABLE push_subscriptions`);
  }
}
