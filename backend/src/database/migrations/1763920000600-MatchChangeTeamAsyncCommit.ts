import { MigrationInterface, QueryRunner } from 'typeorm';

/** The body of `match_change_team` (migration MatchChangeTeam) after its first statement. */
const BODY = `
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
      $fn$`;

const HEAD = `
      CREATE OR REPLACE FUNCTION match_change_team(p_match integer, p_user integer)
      RETURNS TABLE (match_type text, status text, creator_id integer, user_id integer, team char(1),
                     username text, profile_picture text, profile_picture_version integer, moved_to char(1))
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        m record;
      BEGIN`;

/**
 * Change Team commits without waiting for its WAL to reach the disk (docs/matches.md#concurrency).
 * The call is committed on its own (autocommit), so its answer waited for the commit's WAL flush:
 * every committer of the whole PostgreSQL server queues on that one flush, and a burst of disk
 * writes anywhere on the machine (another database's checkpoint, a DROP DATABASE, the kernel
 * writing back dirty pages) held every Change Team of both API instances for tens to hundreds of
 * ms before its commit, while pushes (sent after it) stayed fast (bench/lobby.bench.mjs: its
 * backends sampled in IO/WALSync and LWLock/WALWrite).
 *
 * `set_config(…, true)` lasts until the end of the transaction, which is this statement's own: the
 * commit that ends it is asynchronous, and the pooled connection's next transaction is synchronous
 * again. A function-level `SET synchronous_commit` would not do: it is undone when the function
 * returns, before the commit. Called inside a larger transaction, it would make that whole
 * transaction's commit asynchronous: the repository calls it only on its own.
 */
export class MatchChangeTeamAsyncCommit1763920000600 implements MigrationInterface {
  name = 'MatchChangeTeamAsyncCommit1763920000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`${HEAD}
        PERFORM set_config('synchronous_commit', 'off', true);${BODY}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`${HEAD}${BODY}`);
  }
}
