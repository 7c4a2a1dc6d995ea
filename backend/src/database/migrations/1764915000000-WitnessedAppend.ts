import { MigrationInterface, QueryRunner } from 'typeorm';

/** A score event as the API reads it (ScoreEvent), from `score_events e`. */
export const EVENT_JSON = `json_build_object('matchId', e.match_id, 'scorer', e.scorer_id, 'kind', e.kind, 'team', e.team, 'points', e.points,
  'clientEventId', e.client_event_id, 'deviceSeq', e.device_seq::int,
  'clientTime', to_char(e.client_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'undoes', e.undoes,
  'serverTime', to_char(e.server_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** The first answer of a store: every event since the board the API read. */
export const STORED_EVENTS = `SELECT json_build_object('outcome', 'stored', 'events', COALESCE(json_agg(${EVENT_JSON} ORDER BY e.id), '[]'))
   FROM score_events e WHERE e.match_id = p_match AND e.id > p_seen`;

/** The function with `storedAnswer` as what a store answers (a later migration changes only that). */
export function witnessedAppendFunction(storedAnswer: string): string {
  return `
      CREATE OR REPLACE FUNCTION witnessed_append(p_match integer, p_scorer integer, p_seen bigint, p_events jsonb) RETURNS json
      LANGUAGE plpgsql AS $fn$
      DECLARE
        st text;
        taken uuid[];
        n integer;
      BEGIN
        PERFORM set_config('synchronous_commit', 'off', true);
        SELECT m.status INTO st FROM matches m WHERE m.id = p_match FOR UPDATE;
        IF st IS DISTINCT FROM 'in-progress'
           OR EXISTS (SELECT 1 FROM score_events s WHERE s.match_id = p_match AND s.scorer_id = p_scorer AND s.id > p_seen) THEN
          RETURN json_build_object('outcome', 'stale');
        END IF;
        SELECT array_agg(s.client_event_id) INTO taken
          FROM score_events s WHERE s.client_event_id IN (SELECT (x->>'clientEventId')::uuid FROM jsonb_array_elements(p_events) x);
        IF taken IS NOT NULL THEN
          RETURN json_build_object('outcome', 'taken', 'taken', to_json(taken));
        END IF;
        INSERT INTO score_events (match_id, scorer_id, kind, team, points, client_event_id, device_seq, client_time, undoes)
          SELECT p_match, p_scorer, x->>'kind', x->>'team', (x->>'points')::smallint, (x->>'clientEventId')::uuid,
                 (x->>'deviceSeq')::bigint, (x->>'clientTime')::timestamptz, (x->>'undoes')::uuid
            FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t(x, o)
           ORDER BY o
          ON CONFLICT (client_event_id) DO NOTHING;
        GET DIAGNOSTICS n = ROW_COUNT;
        -- An id stored by another match since the check above: undo the whole statement.
        IF n < jsonb_array_length(p_events) THEN
          RAISE EXCEPTION 'a score event id is taken' USING ERRCODE = 'unique_violation';
        END IF;
        RETURN (${storedAnswer});
      END
      $fn$`;
}

/**
 * A scorer's checked taps appended in one statement committed on its own
 * (docs/matches.md#witnessed-score): `witnessed_append` takes the match's lock, appends only if
 * the board the API checked them against still holds for this scorer (the match in progress, no
 * event of theirs past the last one it read), and answers every event stored since then, read
 * after the lock. The lock is held inside PostgreSQL only, for one statement, and the commit does
 * not wait for the WAL flush (docs/scaling.md#commits-without-the-wal-flush).
 *
 * Answers `{ outcome: 'stored', events }`, `{ outcome: 'stale' }` (read the board again) or
 * `{ outcome: 'taken', taken }` (ids another match or scorer already holds: nothing stored). Every
 * event of a match is appended here under its lock, so a match's event ids grow in commit order and
 * "past the last one read" is `id > p_seen`, found on `(match_id, id)`: without that index the
 * function's generic plans walked the primary key from `p_seen` through every match's events.
 */
export class WitnessedAppend1764915000000 implements MigrationInterface {
  name = 'WitnessedAppend1764915000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX score_events_match_id_idx ON score_events (match_id, id)`);
    await q.query(witnessedAppendFunction(STORED_EVENTS));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION witnessed_append(integer, integer, bigint, jsonb)`);
    await q.query(`DROP INDEX score_events_match_id_idx`);
  }
}
