import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13: less for PostgreSQL to write per rated seat (docs/rating.md#order-of-application).
 *
 * - `ratings_top_idx` (pool, rating, games, user_id) is dropped: nothing reads ratings by rating
 *   any more (the boards are Redis sorted sets; a league's standings read its one small pool by
 *   the primary key's prefix and sort it). Every rating update changed its columns, so each one
 *   wrote a new entry in it and in the primary key; without it an update can stay on its page
 *   (a HOT update) and touch no index.
 * - `rating_events` keeps no foreign keys to `matches` and `users`: each inserted event locked its
 *   match and player rows (FOR KEY SHARE, a WAL record per lock), four to ten per match. Matches and
 *   users are never deleted (a player is only marked deleted), and the rating job writes events
 *   only for the rosters it has just read under the rating lock.
 */
export class RatingWrites1763930000000 implements MigrationInterface {
  name = 'RatingWrites1763930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ratings_top_idx`);
    await q.query(`ALTER TABLE rating_events DROP CONSTRAINT rating_events_match_id_fkey, DROP CONSTRAINT rating_events_user_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE rating_events ADD CONSTRAINT rating_events_match_id_fkey FOREIGN KEY (match_id) REFERENCES matches(id), ADD CONSTRAINT rating_events_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id)`,
    );
    await q.query(`CREATE INDEX ratings_top_idx ON ratings (pool, rating DESC, games DESC, user_id)`);
  }
}
