import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The month-partitioned chat tables (docs/scaling.md#partitioned-chat). */
export const CHAT_TABLES = ['direct_messages', 'league_messages'] as const;

/** This month and as many after it have their partitions ready (the migration made as many). */
export const CHAT_MONTHS_AHEAD = 3;

/**
 * Keeps the chats' months ready before their first message: a message whose month has no
 * partition could not be stored (there is no default partition). One statement, through the
 * migration's `chat_month_partition`, which creates only what is missing under its own lock, so
 * two workers at once, or a run every day, change nothing that is already there.
 */
@Injectable()
export class ChatPartitionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The partitions of this month and the next CHAT_MONTHS_AHEAD, in UTC, created where missing; their names. */
  async keepAhead(now: Date = new Date()): Promise<string[]> {
    const rows: { part: string }[] = await this.db.query(
      `SELECT chat_month_partition(t::regclass, (date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC') + n * interval '1 month')::date) AS part
         FROM unnest($2::text[]) t, generate_series(0, $3::int) n ORDER BY t, n`,
      [now.toISOString(), CHAT_TABLES, CHAT_MONTHS_AHEAD],
    );
    return rows.map((r) => r.part);
  }
}
