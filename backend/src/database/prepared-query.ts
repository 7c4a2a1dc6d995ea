import type { DataSource, EntityManager } from 'typeorm';

interface PgPool {
  query<T>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
}

/**
 * Runs a hot read as a named prepared statement on the pool, outside any transaction: PostgreSQL
 * parses and plans it once per connection instead of on every call. TypeORM's `query()` sends
 * unnamed statements, planned each time; for the per-request reads of a logged-in board call that
 * was most of PostgreSQL's CPU (a board's viewer query: ~190 µs planned each time, ~35 µs prepared;
 * bench/leaderboard.bench.mjs). Rows come back exactly as `query()` returns them (same driver).
 * `name` must be unique per `text` across the app.
 */
export async function preparedQuery<T>(db: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (db.driver as unknown as { master: PgPool }).master;
  return (await pool.query<T>({ name, text, values })).rows;
}

/**
 * A repository read that runs prepared (`preparedQuery`) when it is asked outside a transaction,
 * and as a plain `m.query` inside one (a transaction's statements must run on its connection).
 */
export function hotRead<T>(db: DataSource, m: EntityManager | undefined, name: string, text: string, values: unknown[]): Promise<T[]> {
  return m ? m.query(text, values) : preparedQuery<T>(db, name, text, values);
}
