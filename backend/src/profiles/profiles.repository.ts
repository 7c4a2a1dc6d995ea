import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { MatchPlayer, MatchType, Preferences, ScoringType, TeamSide } from '@gotnext/shared';
import { OVERALL_POOL } from '../ratings/rating-pools';

export interface ProfileUser {
  id: number;
  username: string;
  state: string;
  bio: string;
  height: string | null;
  weight: string | null;
  profile_picture: string | null;
  profile_picture_version: number;
  preferences: Partial<Preferences>;
  rating: number | null;
  games: number | null;
}

export interface HistoryRow {
  id: number;
  match_type: MatchType;
  ranked: boolean;
  scoring_type: ScoringType;
  team_a_score: number | null;
  team_b_score: number | null;
  completed_at: Date;
  voided: boolean;
  team: TeamSide;
  before: number | null;
  after: number | null;
}

export interface RosterRow extends MatchPlayer {
  match_id: number;
  team: TeamSide;
}

export interface StatisticsRow {
  wins: number;
  losses: number;
  games: number;
  disputes: number;
}

/**
 * Profiles own no table: these are the read-only queries behind profiles and stats, joining users,
 * ratings, matches and rating events (reads may join other features' tables; only owners write).
 */
@Injectable()
export class ProfilesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async profileUser(userId: number, m: EntityManager = this.db.manager): Promise<ProfileUser | null> {
    const rows: ProfileUser[] = await m.query(
      `SELECT u.id, u.username, u.state, u.bio, u.height, u.weight, u.profile_picture, u.profile_picture_version, u.preferences, r.rating, r.games
         FROM users u LEFT JOIN ratings r ON r.user_id = u.id AND r.pool = $2
        WHERE u.id = $1 AND u.deleted_at IS NULL`,
      [userId, OVERALL_POOL],
    );
    return rows[0] ?? null;
  }

  /** A player's completed, not voided matches, newest first, with their rating change when ranked. */
  history(userId: number, limit: number | null, m: EntityManager = this.db.manager): Promise<HistoryRow[]> {
    return m.query(
      `SELECT m.id, m.match_type, m.ranked, m.scoring_type, m.team_a_score, m.team_b_score, m.completed_at, m.voided, me.team,
              e.before, e.after
         FROM match_players me
         JOIN matches m ON m.id = me.match_id
         LEFT JOIN rating_events e ON e.match_id = m.id AND e.user_id = me.user_id AND e.pool = $2
        WHERE me.user_id = $1 AND m.status = 'completed' AND NOT m.voided
        ORDER BY m.completed_at DESC, m.id DESC
        ${limit ? `LIMIT ${Number(limit)}` : ''}`,
      [userId, OVERALL_POOL],
    );
  }

  /** The players of these matches in join order (deleted accounts as "Deleted player"). */
  rosters(matchIds: number[], m: EntityManager = this.db.manager): Promise<RosterRow[]> {
    return m.query(
      `SELECT p.match_id, p.user_id, p.team,
              CASE WHEN u.deleted_at IS NULL THEN u.username ELSE 'Deleted player' END AS username,
              CASE WHEN u.deleted_at IS NULL THEN u.profile_picture END AS profile_picture,
              u.profile_picture_version
         FROM match_players p JOIN users u ON u.id = p.user_id
        WHERE p.match_id = ANY($1::int[])
        ORDER BY p.joined_at, p.user_id`,
      [matchIds],
    );
  }

  /** Wins, losses and games count every completed (not voided) match; disputes every match that was disputed. */
  async statistics(userId: number, m: EntityManager = this.db.manager): Promise<StatisticsRow> {
    const [row]: StatisticsRow[] = await m.query(
      `SELECT count(*) FILTER (WHERE m.status = 'completed' AND NOT m.voided)::int AS games,
              count(*) FILTER (WHERE m.status = 'completed' AND NOT m.voided AND
                CASE WHEN me.team = 'A' THEN m.team_a_score > m.team_b_score ELSE m.team_b_score > m.team_a_score END)::int AS wins,
              count(*) FILTER (WHERE m.status = 'completed' AND NOT m.voided AND
                CASE WHEN me.team = 'A' THEN m.team_a_score < m.team_b_score ELSE m.team_b_score < m.team_a_score END)::int AS losses,
              count(*) FILTER (WHERE m.disputed_at IS NOT NULL)::int AS disputes
         FROM match_players me JOIN matches m ON m.id = me.match_id
        WHERE me.user_id = $1`,
      [userId],
    );
    return row;
  }
}
