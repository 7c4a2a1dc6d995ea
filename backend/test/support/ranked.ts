import type { TestEnv } from './harness';

export interface RankedSpec {
  /** Username; unique within the file. */
  name: string;
  state?: string;
  rating?: number;
  games?: number;
  wins?: number;
  losses?: number;
  draws?: number;
  emailVerified?: boolean;
  idVerified?: boolean;
  deleted?: boolean;
  /** false: no ratings row at all (never played ranked). */
  rated?: boolean;
}

/**
 * Players with a rating seeded straight into PostgreSQL (signing up hundreds through the API
 * would only test argon2). Callers then refresh their board entries as a change would.
 */
export async function seedRanked(env: TestEnv, specs: RankedSpec[]): Promise<number[]> {
  const rows = await env.sql<{ id: number }>(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, date_of_birth, state, bio, password_hash, email_verified, id_verified, deleted_at)
     SELECT n, n || '@example.com', 'Seed', 'Player', '+15550000000', '1995-01-01', s, 'seeded', 'x', ev, iv, CASE WHEN d THEN now() END
       FROM unnest($1::text[], $2::text[], $3::bool[], $4::bool[], $5::bool[]) AS t(n, s, ev, iv, d)
     RETURNING id`,
    [
      specs.map((s) => s.name),
      specs.map((s) => s.state ?? 'CA'),
      specs.map((s) => s.emailVerified ?? true),
      specs.map((s) => s.idVerified ?? true),
      specs.map((s) => s.deleted ?? false),
    ],
  );
  const ids = rows.map((r) => r.id);
  const rated = specs.map((s, i) => ({ s, id: ids[i] })).filter(({ s }) => s.rated !== false);
  await env.sql(
    `INSERT INTO ratings (pool, user_id, rating, games, wins, losses, draws)
     SELECT 'overall', unnest($1::int[]), unnest($2::float8[]), unnest($3::int[]), unnest($4::int[]), unnest($5::int[]), unnest($6::int[])`,
    [
      rated.map((r) => r.id),
      rated.map((r) => r.s.rating ?? 1500),
      rated.map((r) => r.s.games ?? (r.s.wins ?? 1) + (r.s.losses ?? 0) + (r.s.draws ?? 0)),
      rated.map((r) => r.s.wins ?? 1),
      rated.map((r) => r.s.losses ?? 0),
      rated.map((r) => r.s.draws ?? 0),
    ],
  );
  return ids;
}
