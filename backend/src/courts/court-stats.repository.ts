import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { COURT_LIMITS, COURT_STATS } from '@gotnext/shared';

/** A leader as read: the internal overall rating and the stored preferences (what others may see). */
export interface LeaderRow {
  user_id: number;
  username: string;
  games: number;
  rating: number;
  preferences: unknown;
}

/** Court King's and Court Legend's rows; either may be missing. */
export interface LeaderRows {
  king: LeaderRow | null;
  legend: LeaderRow | null;
}

/** The court's newest games ("id:status:rated", newest first) and which of the asked leaders still hold titles. */
export interface LeadersCheck {
  games: string;
  holders: { id: number; preferences: unknown }[];
}

/** Players who may hold a title: live (deleted players are never shown) and verified, as on the leaderboards. */
const TITLE_HOLDER = `u.deleted_at IS NULL AND u.email_verified AND u.id_verified`;

/** The court's ranked games that count ($1 the court): completed, ranked, not voided, made there in the window. */
const PLAYED = `
  SELECT p.user_id, count(*)::int AS games, min(x.completed_at) AS first_at
    FROM court_games g
    JOIN matches x ON x.id = g.match_id
    JOIN match_players p ON p.match_id = g.match_id
   WHERE g.court_id = $1 AND g.created_at > now() - interval '${COURT_STATS.leaderDays} days'
     AND x.status = 'completed' AND x.ranked AND NOT x.voided AND x.team_a_score IS NOT NULL
   GROUP BY p.user_id`;

const LEADER_COLUMNS = `pl.user_id, u.username, pl.games, COALESCE(r.rating, 1500)::float8 AS rating, u.preferences`;
const LEADER_FROM = `played pl JOIN users u ON u.id = pl.user_id AND ${TITLE_HOLDER} LEFT JOIN ratings r ON r.pool = 'overall' AND r.user_id = pl.user_id`;

/**
 * The reads behind a court's busy hours and leaders (docs/courts.md#busy-hours, #court-leaders):
 * the court's own check-ins and games, with the players, matches and ratings they name (read, never
 * written here).
 */
@Injectable()
export class CourtStatsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whether PostgreSQL knows the zone (its tz data may differ from Node's). Read on a court add only: the view lists every zone. */
  async knowsTimeZone(zone: string): Promise<boolean> {
    const rows: { known: boolean }[] = await this.db.query(`SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $1) AS known`, [zone]);
    return rows[0].known;
  }

  /** The court's zone when the viewer may see it (reviewed, or their own new court); null otherwise. */
  async visibleZone(courtId: number, viewerId: number): Promise<string | null> {
    const rows: { time_zone: string }[] = await this.db.query(
      `SELECT time_zone FROM courts c WHERE c.id = $1 AND c.status <> 'removed' AND (c.status = 'approved' OR c.creator_id = $2)`,
      [courtId, viewerId],
    );
    return rows[0]?.time_zone ?? null;
  }

  /**
   * Check-ins that started in the window, counted once in each local hour (in zone $2) they were
   * live: from checking in to leaving, or to going idle (the last court call plus the inactivity
   * limit), whichever came first. Rows: ISO day (1 Monday) and hour, with the count.
   */
  async busyHours(courtId: number, zone: string): Promise<{ day: number; hour: number; n: number }[]> {
    return this.db.query(
      `WITH k AS (
         SELECT k.checked_in_at AS s,
                LEAST(COALESCE(k.left_at, now()), k.last_seen_at + interval '${COURT_LIMITS.inactivityMinutes} minutes', now()) AS e
           FROM court_checkins k
          WHERE k.court_id = $1 AND k.checked_in_at > now() - interval '${COURT_STATS.busyWeeks} weeks'
       )
       SELECT extract(isodow FROM h)::int AS day, extract(hour FROM h)::int AS hour, count(*)::int AS n
         FROM k, generate_series(date_trunc('hour', k.s AT TIME ZONE $2), date_trunc('hour', GREATEST(k.s, k.e - interval '1 millisecond') AT TIME ZONE $2), interval '1 hour') AS h
        GROUP BY 1, 2`,
      [courtId, zone],
    );
  }

  /**
   * Court King: the highest rating among title holders with at least `kingMinGames` ranked games
   * here (then more games here, then the smaller id). Court Legend: the most ranked games here
   * (then the one who first played here, then the smaller id).
   */
  async leaders(courtId: number): Promise<LeaderRows> {
    const rows: (LeaderRow & { title: 'king' | 'legend' })[] = await this.db.query(
      `WITH played AS (${PLAYED})
       (SELECT 'king' AS title, ${LEADER_COLUMNS} FROM ${LEADER_FROM} WHERE pl.games >= $2 ORDER BY rating DESC, pl.games DESC, pl.user_id LIMIT 1)
       UNION ALL
       (SELECT 'legend' AS title, ${LEADER_COLUMNS} FROM ${LEADER_FROM} ORDER BY pl.games DESC, pl.first_at, pl.user_id LIMIT 1)`,
      [courtId, COURT_STATS.kingMinGames],
    );
    const pick = (title: 'king' | 'legend'): LeaderRow | null => {
      const r = rows.find((x) => x.title === title);
      return r ? { user_id: r.user_id, username: r.username, games: r.games, rating: r.rating, preferences: r.preferences } : null;
    };
    return { king: pick('king'), legend: pick('legend') };
  }

  /**
   * What cached leaders are believed against, in one round trip: the court's newest games (id,
   * status, whether rated), so a result or its rating is seen at once; and which of the cached
   * leaders ($2) still hold titles, with their preferences as they are now.
   */
  async leadersCheck(courtId: number, leaderIds: number[]): Promise<LeadersCheck> {
    const rows: { games: string | null; holders: { id: number; preferences: unknown }[] | null }[] = await this.db.query(
      `SELECT (SELECT string_agg(g.match_id || ':' || x.status || ':' || EXISTS (SELECT 1 FROM rating_events e WHERE e.pool = 'overall' AND e.match_id = g.match_id), ',' ORDER BY g.created_at DESC, g.match_id)
                 FROM (SELECT match_id, created_at FROM court_games WHERE court_id = $1 ORDER BY created_at DESC LIMIT 5) g JOIN matches x ON x.id = g.match_id) AS games,
              (SELECT json_agg(json_build_object('id', u.id, 'preferences', u.preferences)) FROM users u WHERE u.id = ANY($2::int[]) AND ${TITLE_HOLDER}) AS holders`,
      [courtId, leaderIds],
    );
    return { games: rows[0].games ?? '', holders: rows[0].holders ?? [] };
  }

  /** The visible courts where the player made the most ranked games in the window, most first. */
  async courtsPlayed(userId: number, viewerId: number, limit: number): Promise<{ court_id: number; name: string }[]> {
    return this.db.query(
      `SELECT c.id AS court_id, c.name
         FROM match_players p
         JOIN court_games g ON g.match_id = p.match_id
         JOIN matches x ON x.id = p.match_id
         JOIN courts c ON c.id = g.court_id
        WHERE p.user_id = $1 AND g.created_at > now() - interval '${COURT_STATS.leaderDays} days'
          AND x.status = 'completed' AND x.ranked AND NOT x.voided AND x.team_a_score IS NOT NULL
          AND c.status <> 'removed' AND (c.status = 'approved' OR c.creator_id = $2)
        GROUP BY c.id, c.name ORDER BY count(*) DESC, c.id LIMIT $3`,
      [userId, viewerId, limit],
    );
  }
}
