import { MigrationInterface, QueryRunner } from 'typeorm';

/** Matches, their players and score reports; rating pools and the per-match rating events. */
export class Matches1763700000200 implements MigrationInterface {
  name = 'Matches1763700000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE matches (
        id serial PRIMARY KEY,
        code text NOT NULL CHECK (code ~ '^[A-HJ-NP-Z2-9]{6}$'),
        match_type text NOT NULL CHECK (match_type IN ('1v1', '2v2', '3v3', '4v4', '5v5')),
        scoring_type text NOT NULL,
        ranked boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'waiting'
          CHECK (status IN ('waiting', 'ready', 'in-progress', 'disputed', 'completed', 'cancelled')),
        creator_id integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        disputed_at timestamptz,
        completed_at timestamptz,
        team_a_score integer CHECK (team_a_score >= 0),
        team_b_score integer CHECK (team_b_score >= 0),
        -- how the final score was settled: agreed, resolved, single-report, voided
        settled_by text,
        voided boolean NOT NULL DEFAULT false,
        second_reminder_at timestamptz
      )`);
    // Codes are unique among matches that can still be looked up by code; case-insensitive.
    await q.query(`CREATE UNIQUE INDEX matches_open_code_key ON matches (upper(code)) WHERE status IN ('waiting', 'ready', 'in-progress', 'disputed')`);
    await q.query(`CREATE INDEX matches_code_idx ON matches (upper(code), id DESC)`);
    // Rating and rebuild read completed matches in (completed_at, id) order.
    await q.query(`CREATE INDEX matches_completed_idx ON matches (completed_at, id) WHERE status = 'completed'`);
    await q.query(`
      CREATE TABLE match_players (
        match_id integer NOT NULL REFERENCES matches(id),
        user_id integer NOT NULL REFERENCES users(id),
        team char(1) NOT NULL CHECK (team IN ('A', 'B')),
        joined_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (match_id, user_id)
      )`);
    await q.query(`CREATE INDEX match_players_user_idx ON match_players (user_id, match_id)`);
    await q.query(`
      CREATE TABLE match_reports (
        match_id integer NOT NULL REFERENCES matches(id),
        team char(1) NOT NULL CHECK (team IN ('A', 'B')),
        kind text NOT NULL CHECK (kind IN ('report', 'resolve')),
        reported_by integer NOT NULL REFERENCES users(id),
        team_a_score integer NOT NULL CHECK (team_a_score >= 0),
        team_b_score integer NOT NULL CHECK (team_b_score >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- one current report (and one current final score) per side
        PRIMARY KEY (match_id, team, kind)
      )`);
    await q.query(`
      CREATE TABLE ratings (
        pool text NOT NULL,
        user_id integer NOT NULL REFERENCES users(id),
        rating double precision NOT NULL,
        games integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (pool, user_id)
      )`);
    await q.query(`CREATE INDEX ratings_top_idx ON ratings (pool, rating DESC, games DESC, user_id)`);
    await q.query(`
      CREATE TABLE rating_events (
        id serial PRIMARY KEY,
        pool text NOT NULL,
        match_id integer NOT NULL REFERENCES matches(id),
        user_id integer NOT NULL REFERENCES users(id),
        before double precision NOT NULL,
        after double precision NOT NULL,
        delta double precision NOT NULL,
        games_before integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (pool, match_id, user_id)
      )`);
    await q.query(`CREATE INDEX rating_events_user_idx ON rating_events (user_id, pool)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rating_events`);
    await q.query(`DROP TABLE ratings`);
    await q.query(`DROP TABLE match_reports`);
    await q.query(`DROP TABLE match_players`);
    await q.query(`DROP TABLE matches`);
  }
}
