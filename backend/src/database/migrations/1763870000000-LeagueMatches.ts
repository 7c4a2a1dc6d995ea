import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * League matches are matches with a league (docs/leagues.md#league-matches): the one match engine
 * with a league scope. `backfilled` marks a past match an organiser added to the league's history
 * (completed on its played date, `added_by` who added it, contestable until `contest_until`).
 */
export class LeagueMatches1763870000000 implements MigrationInterface {
  name = 'LeagueMatches1763870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matches ADD COLUMN league_id integer REFERENCES leagues(id)`);
    await q.query(`ALTER TABLE matches ADD COLUMN backfilled boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE matches ADD COLUMN added_by integer REFERENCES users(id)`);
    await q.query(`ALTER TABLE matches ADD COLUMN contest_until timestamptz`);
    // The league's history and its pool read completed league matches in (completed_at, id) order.
    await q.query(`CREATE INDEX matches_league_completed_idx ON matches (league_id, completed_at, id) WHERE league_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX matches_league_completed_idx`);
    await q.query(`ALTER TABLE matches DROP COLUMN contest_until, DROP COLUMN added_by, DROP COLUMN backfilled, DROP COLUMN league_id`);
  }
}
