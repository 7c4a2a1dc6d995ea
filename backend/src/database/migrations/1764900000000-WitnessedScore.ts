import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Witnessed score (docs/matches.md#witnessed-score): who keeps a match's score (`match_scorers`,
 * one row per match, with the public link's token) and the append-only taps (`score_events`),
 * stored once per client-made id, so a phone's resend never counts twice.
 */
export class WitnessedScore1764900000000 implements MigrationInterface {
  name = 'WitnessedScore1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE match_scorers (
      match_id integer PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
      scorer_a integer REFERENCES users(id),
      scorer_b integer REFERENCES users(id),
      single_scorer integer REFERENCES users(id),
      single_accepted integer[] NOT NULL DEFAULT '{}',
      spectator_token text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE score_events (
      id bigserial PRIMARY KEY,
      match_id integer NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
      scorer_id integer NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('tap', 'undo')),
      team char(1) NOT NULL CHECK (team IN ('A', 'B')),
      points smallint NOT NULL CHECK (points BETWEEN 0 AND 3),
      client_event_id uuid NOT NULL UNIQUE,
      device_seq bigint NOT NULL CHECK (device_seq > 0),
      client_time timestamptz NOT NULL,
      undoes uuid,
      server_time timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
    await q.query(`CREATE INDEX score_events_stream_idx ON score_events (match_id, scorer_id, device_seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE score_events`);
    await q.query(`DROP TABLE match_scorers`);
  }
}
