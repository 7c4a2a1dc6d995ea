import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A court's busy hours and leaders (docs/courts.md#busy-hours, #court-leaders).
 *
 * - `courts.time_zone`: the court's IANA zone, from the phone that adds it, so busy hours are the
 *   court's local days and hours; courts added before it count in UTC.
 * - `court_checkins_court_time_idx`: busy hours read one court's check-ins of the last weeks; the
 *   existing court index covers only live check-ins.
 * The leaders read `court_games` through `court_games_court_idx` (court, time), already there.
 */
export class CourtStats1764800000000 implements MigrationInterface {
  name = 'CourtStats1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE courts ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'`);
    await q.query(`CREATE INDEX court_checkins_court_time_idx ON court_checkins (court_id, checked_in_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX court_checkins_court_time_idx`);
    await q.query(`ALTER TABLE courts DROP COLUMN time_zone`);
  }
}
