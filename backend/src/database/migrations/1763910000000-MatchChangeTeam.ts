import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Change Team in one round trip (docs/matches.md#concurrency): the match row's lock, the move and
 * the roster in one function call, committed on its own. As four statements (begin, lock, move,
 * commit) a change held a pool connection and the match lock across three round trips of a busy
 * API, and each round trip cost the API a write and PostgreSQL a wake-up (bench/lobby.bench.mjs).
 *
 * A PL/pgSQL function because the lock must come first in its own statement: the move's count of
 * the other team is read by the next statement, whose snapshot (READ COMMITTED) already holds
 * every change committed before the lock was granted, so it cannot go stale. One statement with
 * the lock in a CTE would count from a snapshot taken before the wait. Plans are kept per
 * connection, like a prepared statement's.
 *
 * Answers nothing for an unknown match; otherwise one row per player in join order (one row with a
 * null user_id for an empty roster), each with the match's type, status and creator, the roster as
 * it was before the move, and `moved_to`: the team moved to, null when nothing moved (a lobby that
 * is not open, a 1v1, a caller on no team, or the other team full). The team size is the type's
 * first digit (`teamSize`, docs/matches.md).
 */
export class MatchChangeTeam1763910000000 implements MigrationInterface {
  name = 'MatchChangeTeam1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION match_change_team(p_match integer, p_user integer)
      RETURNS TABLE (match_type text, status text, creator_id integer, user_id integer, team char(1),
                     username text, profile_picture text, profile_picture_version integer, moved_to char(1))
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        m record;
      BEGIN
        SELECT x.match_type, x.status, x.creator_id INTO m FROM matches x WHERE x.id = p_match FOR UPDATE;
        IF NOT FOUND THEN RETURN; END IF;
        RETURN QUERY
          WITH me AS (SELECT mp.team FROM match_players mp WHERE mp.match_id = p_match AND mp.user_id = p_user),
               moved AS (
                 UPDATE match_players p SET team = CASE me.team WHEN 'A' THEN 'B' ELSE 'A' END
                   FROM me
                  WHERE p.match_id = p_match AND p.user_id = p_user
                    AND m.match_type <> '1v1' AND m.status IN ('waiting', 'ready')
                    AND (SELECT count(*) FROM match_players o WHERE o.match_id = p_match AND o.team <> me.team) < left(m.match_type, 1)::int
                 RETURNING p.team)
          SELECT m.match_type, m.status, m.creator_id, r.user_id, r.team, r.username, r.profile_picture, r.profile_picture_version,
                 (SELECT mv.team FROM moved mv)
            FROM (SELECT 1) one
            LEFT JOIN (SELECT p.user_id, p.team, p.joined_at,
                              CASE WHEN u.deleted_at IS NULL THEN u.username ELSE 'Deleted player' END AS username,
                              CASE WHEN u.deleted_at IS NULL THEN u.profile_picture END AS profile_picture,
                              u.profile_picture_version
                         FROM match_players p JOIN users u ON u.id = p.user_id
                        WHERE p.match_id = p_match) r ON true
           ORDER BY r.joined_at, r.user_id;
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION match_change_team(integer, integer)`);
  }
}
