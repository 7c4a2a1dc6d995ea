import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Courts and their live queue (docs/courts.md).
 *
 * - `courts_position_idx`: a GiST index on the built-in `point(lng, lat)`, so "near me" reads only
 *   the courts inside a box around the caller (`<@ box`) before the exact haversine distance: a
 *   2-D index answers a box directly, where a btree on latitude alone would read a whole band of
 *   the globe (docs/courts.md#finding-a-court). Built in, no extension to install.
 * - One open session per court and one live check-in per player (partial unique indexes): two
 *   first check-ins racing open one session; a player is at one court at a time.
 * - `court_queue.seq` is the queue order (first come, first served); a group shares its leader's.
 */
export class Courts1764600000000 implements MigrationInterface {
  name = 'Courts1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE courts (
        id serial PRIMARY KEY,
        name text NOT NULL,
        name_key text NOT NULL,
        address text NOT NULL DEFAULT '',
        lat double precision NOT NULL,
        lng double precision NOT NULL,
        region text NOT NULL DEFAULT '',
        indoor boolean NOT NULL,
        hoops integer NOT NULL,
        game_size integer NOT NULL CHECK (game_size BETWEEN 1 AND 5),
        notes text NOT NULL DEFAULT '',
        winner_stays integer NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'removed')),
        merged_into integer REFERENCES courts(id),
        creator_id integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX courts_position_idx ON courts USING gist (point(lng, lat)) WHERE status <> 'removed'`);
    await q.query(`CREATE INDEX courts_name_idx ON courts (name_key text_pattern_ops) WHERE status <> 'removed'`);
    await q.query(`CREATE INDEX courts_region_idx ON courts (region, name_key) WHERE status <> 'removed'`);
    await q.query(`CREATE INDEX courts_creator_idx ON courts (creator_id, created_at)`);
    await q.query(`CREATE INDEX courts_review_idx ON courts (created_at) WHERE status = 'pending'`);

    await q.query(`
      CREATE TABLE court_flags (
        court_id integer NOT NULL REFERENCES courts(id),
        user_id integer NOT NULL REFERENCES users(id),
        reason text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        PRIMARY KEY (court_id, user_id)
      )`);
    await q.query(`CREATE INDEX court_flags_open_idx ON court_flags (court_id) WHERE resolved_at IS NULL`);
    await q.query(`
      CREATE TABLE court_favourites (
        user_id integer NOT NULL REFERENCES users(id),
        court_id integer NOT NULL REFERENCES courts(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, court_id)
      )`);

    await q.query(`
      CREATE TABLE court_sessions (
        id serial PRIMARY KEY,
        court_id integer NOT NULL REFERENCES courts(id),
        host_id integer NOT NULL REFERENCES users(id),
        secret bytea NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX court_sessions_open_idx ON court_sessions (court_id) WHERE ended_at IS NULL`);

    await q.query(`
      CREATE TABLE court_checkins (
        id serial PRIMARY KEY,
        session_id integer NOT NULL REFERENCES court_sessions(id),
        court_id integer NOT NULL REFERENCES courts(id),
        user_id integer NOT NULL REFERENCES users(id),
        checked_in_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        left_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX court_checkins_live_idx ON court_checkins (user_id) WHERE left_at IS NULL`);
    await q.query(`CREATE INDEX court_checkins_session_idx ON court_checkins (session_id) WHERE left_at IS NULL`);
    await q.query(`CREATE INDEX court_checkins_court_live_idx ON court_checkins (court_id) WHERE left_at IS NULL`);

    await q.query(`
      CREATE TABLE court_groups (
        id serial PRIMARY KEY,
        session_id integer NOT NULL REFERENCES court_sessions(id),
        leader_id integer NOT NULL REFERENCES users(id),
        -- winners staying on: how many games in a row they have won here
        stays integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE court_group_members (
        group_id integer NOT NULL REFERENCES court_groups(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id),
        accepted boolean NOT NULL DEFAULT false,
        invited_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (group_id, user_id)
      )`);
    await q.query(`CREATE INDEX court_group_members_user_idx ON court_group_members (user_id)`);

    await q.query(`
      CREATE TABLE court_calls (
        id serial PRIMARY KEY,
        session_id integer NOT NULL REFERENCES court_sessions(id),
        round integer NOT NULL DEFAULT 1,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'cancelled')),
        match_id integer REFERENCES matches(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // At most one game being called per run: two hosts calling at once make one call.
    await q.query(`CREATE UNIQUE INDEX court_calls_pending_idx ON court_calls (session_id) WHERE status = 'pending'`);

    await q.query(`
      CREATE TABLE court_queue (
        session_id integer NOT NULL REFERENCES court_sessions(id),
        user_id integer NOT NULL REFERENCES users(id),
        seq bigint NOT NULL,
        group_id integer REFERENCES court_groups(id) ON DELETE SET NULL,
        call_id integer REFERENCES court_calls(id),
        hold_expires_at timestamptz,
        confirmed boolean NOT NULL DEFAULT false,
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, user_id)
      )`);
    await q.query(`CREATE SEQUENCE court_queue_seq`);
    await q.query(`CREATE INDEX court_queue_order_idx ON court_queue (session_id, seq, user_id)`);

    await q.query(`
      CREATE TABLE court_games (
        match_id integer PRIMARY KEY REFERENCES matches(id),
        court_id integer NOT NULL REFERENCES courts(id),
        session_id integer NOT NULL REFERENCES court_sessions(id),
        win_probability double precision NOT NULL,
        streak integer NOT NULL DEFAULT 0,
        stayers integer[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX court_games_court_idx ON court_games (court_id, created_at DESC)`);

    // A no-show is on the court's record, shown to nobody else (docs/courts.md#calling-next).
    await q.query(`
      CREATE TABLE court_no_shows (
        id serial PRIMARY KEY,
        court_id integer NOT NULL REFERENCES courts(id),
        user_id integer NOT NULL REFERENCES users(id),
        call_id integer NOT NULL REFERENCES court_calls(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (call_id, user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'court_no_shows',
      'court_games',
      'court_queue',
      'court_calls',
      'court_group_members',
      'court_groups',
      'court_checkins',
      'court_sessions',
      'court_favourites',
      'court_flags',
      'courts',
    ]) {
      await q.query(`DROP TABLE ${t}`);
    }
    await q.query(`DROP SEQUENCE court_queue_seq`);
  }
}
