import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue #11: leagues, their members with per-member rights, pending invites and league chat (docs/leagues.md). */
export class Leagues1763860000000 implements MigrationInterface {
  name = 'Leagues1763860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE leagues (
        id serial PRIMARY KEY,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
        -- the administrator: the creator, or the member the league passed to (docs/leagues.md#when-the-creator-leaves)
        creator_id integer NOT NULL REFERENCES users(id),
        is_private boolean NOT NULL DEFAULT false,
        allow_member_matches boolean NOT NULL DEFAULT true,
        verified_players_only boolean NOT NULL DEFAULT false,
        allow_members_invite boolean NOT NULL DEFAULT true,
        image text,
        image_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- set when the last member left: kept, never deleted, and no longer shown
        archived_at timestamptz
      )`);
    // Names are unique case-insensitively among live leagues; the index decides a race.
    await q.query(`CREATE UNIQUE INDEX leagues_name_key ON leagues (lower(name)) WHERE archived_at IS NULL`);
    await q.query(`
      CREATE TABLE league_members (
        league_id integer NOT NULL REFERENCES leagues(id),
        user_id integer NOT NULL REFERENCES users(id),
        joined_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        can_edit_settings boolean NOT NULL DEFAULT false,
        can_create_match_history boolean NOT NULL DEFAULT false,
        allow_invites boolean NOT NULL DEFAULT false,
        PRIMARY KEY (league_id, user_id)
      )`);
    // My Leagues, and the leagues of a deleted account.
    await q.query(`CREATE INDEX league_members_user_idx ON league_members (user_id, league_id)`);
    await q.query(`
      CREATE TABLE league_invites (
        id serial PRIMARY KEY,
        league_id integer NOT NULL REFERENCES leagues(id),
        inviter_id integer NOT NULL REFERENCES users(id),
        invitee_id integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        -- one pending invite per league and player (accepted and declined ones are deleted)
        UNIQUE (league_id, invitee_id)
      )`);
    await q.query(`CREATE INDEX league_invites_invitee_idx ON league_invites (invitee_id)`);
    await q.query(`
      CREATE TABLE league_messages (
        id serial PRIMARY KEY,
        league_id integer NOT NULL REFERENCES leagues(id),
        sender_id integer NOT NULL REFERENCES users(id),
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A chat's pages: newest id first (the cursor is the id).
    await q.query(`CREATE INDEX league_messages_page_idx ON league_messages (league_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE league_messages`);
    await q.query(`DROP TABLE league_invites`);
    await q.query(`DROP TABLE league_members`);
    await q.query(`DROP TABLE leagues`);
  }
}
