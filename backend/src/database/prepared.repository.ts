import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

interface PgClient {
  query<T>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
}

/**
 * The pg connection of `m`'s open transaction, or undefined when `m` runs no transaction. A
 * statement sent straight on it is still part of the transaction (same connection, between its
 * start and its commit); only TypeORM's wrapping (its query builder, logging, QueryFailedError) is skipped.
 */
function transactionConnection(m: EntityManager): PgClient | undefined {
  const runner = m.queryRunner as { isTransactionActive?: boolean; isReleased?: boolean; databaseConnection?: PgClient } | undefined;
  return runner?.isTransactionActive && !runner.isReleased ? runner.databaseConnection : undefined;
}

/**
 * What a repository with hot statements extends: its data source, and those statements run as
 * named prepared statements (docs/architecture.md#per-request-cost), sent from the repository
 * itself like every other statement. TypeORM's `query()` sends unnamed statements, which
 * PostgreSQL parses and plans on every call; for the per-request reads of a logged-in board call
 * that was most of PostgreSQL's CPU (a board's viewer query: ~190 µs planned each time, ~35 µs
 * prepared; bench/leaderboard.bench.mjs). Rows come back exactly as `query()` returns them (same
 * driver). A statement's `name` must be unique per text across the app.
 */
export abstract class PreparedRepository {
  constructor(@InjectDataSource() protected readonly db: DataSource) {}

  /** A hot read (run on many requests, outside any transaction), prepared on the pool. */
  protected async prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const pool = (this.db.driver as unknown as { master: PgClient }).master;
    return (await pool.query<T>({ name, text, values })).rows;
  }

  /**
   * A statement that runs prepared wherever it is asked: on the pool outside a transaction
   * (`prepared`), on the transaction's own connection inside one (a transaction's statements must
   * run there), so the lock and reads of every write path are planned once per connection too. A
   * manager with no open transaction (`db.manager`) keeps TypeORM's plain `query`. Errors are the
   * driver's (`code` as PostgreSQL sends it), not TypeORM's QueryFailedError.
   */
  protected hotRead<T>(m: EntityManager | undefined, name: string, text: string, values: unknown[]): Promise<T[]> {
    if (!m) return this.prepared<T>(name, text, values);
    const connection = transactionConnection(m);
    return connection ? connection.query<T>({ name, text, values }).then((r) => r.rows) : m.query(text, values);
  }
}
