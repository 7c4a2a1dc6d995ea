import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue #9: player reports, read by ops (docs/social.md#reports). */
export class PlayerReports1763830000200 implements MigrationInterface {
  name = 'PlayerReports1763830000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE player_reports (
        id serial PRIMARY KEY,
        reporter_id integer NOT NULL REFERENCES users(id),
        reported_user_id integer NOT NULL REFERENCES users(id),
        reason text NOT NULL,
        details text,
        created_at timestamptz NOT NULL DEFAULT now(),
        report_day date NOT NULL DEFAULT ((now() AT TIME ZONE 'UTC')::date),
        CHECK (reporter_id <> reported_user_id)
      )`);
    // One report per reporter, player and reason per (UTC) day; a second answers 409.
    await q.query(`CREATE UNIQUE INDEX player_reports_daily_idx ON player_reports (reporter_id, reported_user_id, reason, report_day)`);
    await q.query(`CREATE INDEX player_reports_newest_idx ON player_reports (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX player_reports_reported_idx ON player_reports (reported_user_id, reporter_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE player_reports`);
  }
}
