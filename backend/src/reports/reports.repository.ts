import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { PlayerReport, ReportedPlayer } from '@gotnext/shared';

export interface NewReport {
  reporterId: number;
  reportedUserId: number;
  reason: string;
  details: string | null;
}

/** How many reports and reported players the ops page lists. */
export const OPS_REPORTS_LIMIT = 200;
export const OPS_PLAYERS_LIMIT = 50;

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every statement on `player_reports` (docs/social.md#reports). */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Stores a report; null when this reporter already reported this player for this reason today (UTC). */
  async insert(r: NewReport, m: EntityManager = this.db.manager): Promise<number | null> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO player_reports (reporter_id, reported_user_id, reason, details) VALUES ($1, $2, $3, $4)
       ON CONFLICT (reporter_id, reported_user_id, reason, report_day) DO NOTHING RETURNING id`,
      [r.reporterId, r.reportedUserId, r.reason, r.details],
    );
    return rows[0]?.id ?? null;
  }

  /** The newest reports, each with how many different players have reported that player. */
  newest(limit = OPS_REPORTS_LIMIT, m: EntityManager = this.db.manager): Promise<PlayerReport[]> {
    return m.query(
      `SELECT r.id, r.reported_user_id, reported.username AS reported_username, r.reporter_id, reporter.username AS reporter_username,
              r.reason, r.details, ${ISO('r.created_at')} AS timestamp,
              (SELECT count(DISTINCT x.reporter_id)::int FROM player_reports x WHERE x.reported_user_id = r.reported_user_id) AS distinct_reporters
         FROM player_reports r
         JOIN users reported ON reported.id = r.reported_user_id
         JOIN users reporter ON reporter.id = r.reporter_id
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT $1`,
      [limit],
    );
  }

  /** Reported players, the most distinct reporters first, so a player reported by many stands out. */
  mostReported(limit = OPS_PLAYERS_LIMIT, m: EntityManager = this.db.manager): Promise<ReportedPlayer[]> {
    return m.query(
      `SELECT r.reported_user_id AS user_id, u.username, count(DISTINCT r.reporter_id)::int AS distinct_reporters,
              count(*)::int AS reports, ${ISO('max(r.created_at)')} AS last_reported
         FROM player_reports r JOIN users u ON u.id = r.reported_user_id
        GROUP BY r.reported_user_id, u.username
        ORDER BY distinct_reporters DESC, max(r.created_at) DESC
        LIMIT $1`,
      [limit],
    );
  }
}
