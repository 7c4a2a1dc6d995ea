import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the court stopped waiting for a game (docs/courts.md#ending-a-game): its match completed, or
 * its host ended it without a report. Set once, so the court moves on once per game.
 */
export class CourtGameEnded1764810000000 implements MigrationInterface {
  name = 'CourtGameEnded1764810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE court_games ADD COLUMN ended_at timestamptz`);
    // Games that finished before this column: the court is not waiting for them.
    await q.query(`UPDATE court_games g SET ended_at = now() FROM matches x WHERE x.id = g.match_id AND x.status IN ('completed', 'cancelled')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE court_games DROP COLUMN ended_at`);
  }
}
