import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #10: each pool row keeps the player's ranked record (wins, losses, draws), which the
 * leaderboards show beside the rating (docs/leaderboards.md#what-a-row-shows). Back-filled from the
 * rating events already applied, so existing players keep an exact record.
 */
export class Leaderboards1763840000000 implements MigrationInterface {
  name = 'Leaderboards1763840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ratings
        ADD COLUMN wins integer NOT NULL DEFAULT 0,
        ADD COLUMN losses integer NOT NULL DEFAULT 0,
        ADD COLUMN draws integer NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE ratings r SET wins = s.wins, losses = s.losses, draws = s.draws
        FROM (SELECT e.pool, e.user_id,
                     count(*) FILTER (WHERE CASE WHEN p.team = 'A' THEN m.team_a_score > m.team_b_score ELSE m.team_b_score > m.team_a_score END)::int AS wins,
                     count(*) FILTER (WHERE CASE WHEN p.team = 'A' THEN m.team_a_score < m.team_b_score ELSE m.team_b_score < m.team_a_score END)::int AS losses,
                     count(*) FILTER (WHERE m.team_a_score = m.team_b_score)::int AS draws
                FROM rating_events e
                JOIN matches m ON m.id = e.match_id
                JOIN match_players p ON p.match_id = e.match_id AND p.user_id = e.user_id
               GROUP BY e.pool, e.user_id) s
       WHERE r.pool = s.pool AND r.user_id = s.user_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ratings DROP COLUMN wins, DROP COLUMN losses, DROP COLUMN draws`);
  }
}
