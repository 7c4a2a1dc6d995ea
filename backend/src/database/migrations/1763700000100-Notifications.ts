import { MigrationInterface, QueryRunner } from 'typeorm';

export class Notifications1763700000100 implements MigrationInterface {
  name = 'Notifications1763700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        type text NOT NULL,
        message text NOT NULL,
        read boolean NOT NULL DEFAULT false,
        match_id integer,
        match_type text,
        league_id integer,
        related_id integer,
        dispute_resolved boolean NOT NULL DEFAULT false,
        match_completed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX notifications_match_idx ON notifications (match_id) WHERE match_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notifications`);
  }
}
