import tzlookup from '@photostructure/tz-lookup';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A court's busy hours and leaders (docs/courts.md#busy-hours, #court-leaders).
 *
 * - `courts.time_zone`: the court's IANA zone, that of its position, so busy hours are the court's
 *   local days and hours; the courts already there get theirs here (UTC where PostgreSQL does not
 *   know the zone).
 * - `court_checkins_court_time_idx`: busy hours read one court's check-ins of the last weeks; the
 *   existing court index covers only live check-ins.
 * The leaders read `court_games` through `court_games_court_idx` (court, time), already there.
 */
export class CourtStats1764800000000 implements MigrationInterface {
  name = 'CourtStats1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE courts ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'`);
    const courts: { id: number; lat: number; lng: number }[] = await q.query(`SELECT id, lat, lng FROM courts`);
    for (const c of courts) {
      await q.query(`UPDATE courts SET time_zone = z.name FROM pg_timezone_names z WHERE courts.id = $1 AND z.name = $2`, [c.id, tzlookup(c.lat, c.lng)]);
    }
    await q.query(`CREATE INDEX court_checkins_court_time_idx ON court_checkins (court_id, checked_in_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX court_checkins_court_time_idx`);
    await q.query(`ALTER TABLE courts DROP COLUMN time_zone`);
  }
}
