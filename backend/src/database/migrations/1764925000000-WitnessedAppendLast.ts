import { MigrationInterface, QueryRunner } from 'typeorm';
import { EVENT_JSON, STORED_EVENTS, witnessedAppendFunction } from './1764915000000-WitnessedAppend';

/**
 * Issue 45: a store also answers the match's last event id (`last`), so the API can keep the board
 * it checked the next tap against without reading it again (backend/src/witnessed/recent-boards.ts):
 * the board the API held, with the events since and this id, is the board as stored.
 */
export class WitnessedAppendLast1764925000000 implements MigrationInterface {
  name = 'WitnessedAppendLast1764925000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      witnessedAppendFunction(`SELECT json_build_object('outcome', 'stored', 'events', COALESCE(json_agg(${EVENT_JSON} ORDER BY e.id), '[]'), 'last', max(e.id)::text)
         FROM score_events e WHERE e.match_id = p_match AND e.id > p_seen`),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(witnessedAppendFunction(STORED_EVENTS));
  }
}
