import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { MatchPlayer, MatchType, Preferences, ScoringType, TeamSide } from '@gotnext/shared';
import { OVERALL_POOL } from '../ratings/rating-pools';
import { PreparedRepository } from '../database/prepared.repository';
import { ROSTER_COLUMNS } from '../matches/matches.repository';
import { hadOutcomeSql } from '../matches/match-outcome-sql';
import { shownPictureSql, shownUsernameSql } from '../users/shown-player-sql';

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
export class ProfilesRepository extends PreparedRepository {
  async profileUser(userId: number, m?: EntityManager): Promise<ProfileUser | null> {
    const rows = await this.hotRead<ProfileUser>(
      m,
      'profiles.user',
      `SELECT u.id, u.username, u.state, u.bio, u.height, u.weight, u.profile_picture, u.profile_picture_version, u.preferences, r.rating, r.games
         FROM users u LEFT JOIN ratings r ON r.user_id = u.id AND r.pool = $2
        WHERE u.id = $1 AND u.deleted_at IS NULL`,
      [userId, OVERALL_POOL],
    );
    return rows[0] ?? null;
  }

  /** A player's completed, not voided matches, newest first, with their rating change when ranked. */
  history(userId: number, limit: number | null, m?: EntityManager): Promise<HistoryRow[]> {
    // LIMIT NULL is no limit: one statement (prepared once) serves both the first page and the full history.
    return this.hotRead<HistoryRow>(
      m,
      'profiles.history',
      `SELECT m.id, m.match_type, m.ranked, m.scoring_type, m.team_a_score, m.team_b_score, m.completed_at, m.voided, me.team,
              e.before, e.after
         FROM match_players me
         JOIN matches m ON m.id = me.match_id
         LEFT JOIN rating_events e ON e.match_id = m.id AND e.user_id = me.user_id AND e.pool = $2
        WHERE me.user_id = $1 AND m.status = 'completed' AND NOT m.voided
        ORDER BY m.completed_at DESC, m.id DESC
        LIMIT $3`,
      [userId, OVERALL_POOL, limit || null],
    );
  }

  /** The players of these matches in join order (deleted accounts as "Deleted player"). */
  rosters(matchIds: number[], m?: EntityManager): Promise<RosterRow[]> {
    return this.hotRead<RosterRow>(
      m,
      'profiles.rosters',
      `SELECT ${ROSTER_COLUMNS} FROM match_players p JOIN users u ON u.id = p.user_id
        WHERE p.match_id = ANY($1::int[]) ORDER BY p.joined_at, p.user_id`,
      [matchIds],
    );
  }

  /** The name and picture a roster shows for these players (deleted accounts as "Deleted player"). */
  rosterCards(userIds: number[]): Promise<Pick<RosterRow, 'user_id' | 'username' | 'profile_picture' | 'profile_picture_version'>[]> {
    return this.hotRead(
      undefined,
      'profiles.roster-cards',
      `SELECT u.id AS user_id,
              ${shownUsernameSql('u')} AS username,
              ${shownPictureSql('u')} AS profile_picture,
              u.profile_picture_version
         FROM users u WHERE u.id = ANY($1::int[])`,
      [userIds],
    );
  }

  /** The players of a match (whose profiles a completion or dispute changes). */
  async playersOfMatch(matchId: number): Promise<number[]> {
    const rows = await this.hotRead<{ user_id: number }>(undefined, 'profiles.players-of-match', `SELECT user_id FROM match_players WHERE match_id = $1`, [matchId]);
    return rows.map((r) => r.user_id);
  }

  /**
   * A player's overall-pool rating events, oldest first, each with both sides' mean rating before
   * the match (from the other players' events of the same match) and the opponents' names.
   */
  ratingEvents(userId: number, m: EntityManager = this.db.manager): Promise<RatingEventRow[]> {
    return m.query(
      `SELECT e.match_id, e.before, e.after, e.games_before, e.sigma_before, mt.completed_at, mt.match_type, mt.scoring_type, mt.team_a_score, mt.team_b_score, me.team,
              (SELECT avg(o.before) FROM rating_events o JOIN match_players op ON op.match_id = o.match_id AND op.user_id = o.user_id
                WHERE o.match_id = e.match_id AND o.pool = e.pool AND op.team = me.team) AS own_mean,
              (SELECT avg(o.before) FROM rating_events o JOIN match_players op ON op.match_id = o.match_id AND op.user_id = o.user_id
                WHERE o.match_id = e.match_id AND o.pool = e.pool AND op.team <> me.team) AS other_mean,
              COALESCE((SELECT array_agg(${shownUsernameSql('u')} ORDER BY op.joined_at, op.user_id)
                          FROM match_players op JOIN users u ON u.id = op.user_id
                         WHERE op.match_id = e.match_id AND op.team <> me.team), '{}') AS opponents
         FROM rating_events e
         JOIN matches mt ON mt.id = e.match_id
         JOIN match_players me ON me.match_id = e.match_id AND me.user_id = e.user_id
        WHERE e.user_id = $1 AND e.pool = $2
        ORDER BY mt.completed_at, mt.id`,
      [userId, OVERALL_POOL],
    );
  }

  /** The viewer's record against a player: completed, not voided matches with the two on opposite sides. */
  async headToHead(viewerId: number, userId: number, m: EntityManager = this.db.manager): Promise<{ wins: number; losses: number; draws: number }> {
    const [row]: { wins: number; losses: number; draws: number }[] = await m.query(
      `SELECT count(*) FILTER (WHERE ${hadOutcomeSql('a.team', 'mt', 'Win')})::int AS wins,
              count(*) FILTER (WHERE ${hadOutcomeSql('a.team', 'mt', 'Loss')})::int AS losses,
              count(*) FILTER (WHERE ${hadOutcomeSql('a.team', 'mt', 'Draw')})::int AS draws
         FROM match_players a
         JOIN match_players b ON b.match_id = a.match_id AND b.team <> a.team
         JOIN matches mt ON mt.id = a.match_id
        WHERE a.user_id = $1 AND b.user_id = $2 AND mt.status = 'completed' AND NOT mt.voided`,
      [viewerId, userId],
    );
    return row;
  }

  /** Wins, losses and games count every completed (not voided) match; disputes every match that was disputed. */
  async statistics(userId: number, m?: EntityManager): Promise<StatisticsRow> {
    const [row] = await this.hotRead<StatisticsRow>(
      m,
      'profiles.statistics',
      `SELECT count(*) FILTER (WHERE m.status = 'completed' AND NOT m.voided)::int AS games,
              count(*) FILTER (WHERE m.status = 'completed' AND NOT m.voided AND ${hadOutcomeSql('me.team', 'm', 'Win')})::int AS wins,
              count(*) FILTER (WHERE m.status = 'completed' AND NOT m.voided AND ${hadOutcomeSql('me.team', 'm', 'Loss')})::int AS losses,
              count(*) FILTER (WHERE m.disputed_at IS NOT NULL)::int AS disputes
         FROM match_players me JOIN matches m ON m.id = me.match_id
        WHERE me.user_id = $1`,
      [userId],
    );
    return row;
  }
}

/** One rating event of a player with what explaining it needs (docs/rating.md#rating-history). */
export interface RatingEventRow {
  match_id: number;
  before: number;
  after: number;
  games_before: number;
  sigma_before: number;
  completed_at: Date;
  match_type: MatchType;
  scoring_type: ScoringType;
  team_a_score: number;
  team_b_score: number;
  team: TeamSide;
  own_mean: number;
  other_mean: number;
  opponents: string[];
}
