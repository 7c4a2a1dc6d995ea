import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { RecordedEvent } from '../events/domain-events';
import type { ProcessRole } from '../events/process-role';

/** Which kind of process wrote an outbox row; only that kind relays it (it has the listeners). */
export { PROCESS_ROLE, type ProcessRole } from '../events/process-role';

export interface OutboxRow {
  id: string;
  event: RecordedEvent;
}

/** Every statement on `outbox` (docs/jobs.md#the-outbox). */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Writes the events in the caller's transaction; their row ids, in order. */
  async insert(m: EntityManager, origin: ProcessRole, events: RecordedEvent[]): Promise<string[]> {
    const rows: { id: string }[] = await m.query(`INSERT INTO outbox (origin, event, payload) SELECT $1, e, p FROM unnest($2::text[], $3::jsonb[]) AS u(e, p) RETURNING id`, [
      origin,
      events.map((e) => e.name),
      events.map((e) => JSON.stringify(e.payload)),
    ]);
    return rows.map((r) => String(r.id));
  }

  async delete(ids: string[], m: EntityManager = this.db.manager): Promise<void> {
    if (ids.length) await m.query(`DELETE FROM outbox WHERE id = ANY($1::bigint[])`, [ids]);
  }

  /**
   * Claims up to `limit` rows older than `graceMs`, oldest first, locked for the caller's
   * transaction; rows another relay holds are skipped, not waited for.
   */
  async claim(m: EntityManager, origin: ProcessRole, graceMs: number, limit: number): Promise<OutboxRow[]> {
    const rows: { id: string; event: string; payload: unknown }[] = await m.query(
      `SELECT id, event, payload FROM outbox
        WHERE origin = $1 AND created_at < clock_timestamp() - make_interval(secs => $2::double precision / 1000)
        ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [origin, graceMs, limit],
    );
    return rows.map((r) => ({ id: String(r.id), event: { name: r.event, payload: r.payload } as RecordedEvent }));
  }

  async markFailed(id: string, error: string, m: EntityManager): Promise<void> {
    await m.query(`UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, error.slice(0, 500)]);
  }

  /** How many rows wait, and how old the oldest is (seconds): for readiness and tests. */
  async backlog(m: EntityManager = this.db.manager): Promise<{ rows: number; oldestSeconds: number | null }> {
    const [row]: { rows: number; oldest: number | null }[] = await m.query(
      `SELECT count(*)::int AS rows, extract(epoch FROM clock_timestamp() - min(created_at))::float AS oldest FROM outbox`,
    );
    return { rows: row.rows, oldestSeconds: row.oldest };
  }
}
