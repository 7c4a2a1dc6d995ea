import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lobby its creator opened to players in a shown-rating range near them
 * (docs/matches.md#open-lobbies): the range in thousandths of the shown rating and the creator's
 * state/region at the time. The partial index holds only lobbies still waiting, so "open lobbies
 * in my region" reads a handful of rows however many matches were ever opened.
 */
export class OpenLobbies1764820000000 implements MigrationInterface {
  name = 'OpenLobbies1764820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matches ADD COLUMN open_min_rating integer, ADD COLUMN open_max_rating integer, ADD COLUMN open_region text`);
    await q.query(
      `ALTER TABLE matches ADD CONSTRAINT matches_open_range_check CHECK ((open_min_rating IS NULL) = (open_max_rating IS NULL) AND open_min_rating <= open_max_rating)`,
    );
    await q.query(`CREATE INDEX matches_open_lobbies_idx ON matches (open_region, created_at DESC) WHERE status = 'waiting' AND open_min_rating IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX matches_open_lobbies_idx`);
    await q.query(`ALTER TABLE matches DROP CONSTRAINT matches_open_range_check, DROP COLUMN open_min_rating, DROP COLUMN open_max_rating, DROP COLUMN open_region`);
  }
}
