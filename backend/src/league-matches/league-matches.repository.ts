import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { MatchType, ScoringType, TeamSide } from '@gotnext/shared';
import { shownUsernameSql } from '../users/shown-player-sql';

export interface LeagueHistoryRow {
  id: number;
  match_type: MatchType;
  scoring_type: ScoringType;
  completed_at: Date;
  team_a_score: number;
  team_b_score: number;
  backfilled: boolean;
  contest_until: Date | null;
  contest_open: boolean;
}

export interface StandingRow {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  rating: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

export interface ReportEntryRow {
  match_id: number;
  team: TeamSide;
  reported_by: number;
  username: string;
  team_a_score: number;
  team_b_score: number;
}

/**
 * The league-scoped reads of the match tables: the league's history, its standings (the league
 * pool of `ratings`) and a back-filled match's contest facts (docs/leagues.md#league-matches).
 * Match rows are written only by MatchesRepository, back-filled ones included.
 */
@Injectable()
export class LeagueMatchesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Completed, not voided matches of the league, newest first (played date, then id). */
  history(leagueId: number, m: EntityManager = this.db.manager): Promise<LeagueHistoryRow[]> {
    return m.query(
      `SELECT id, match_type, scoring_type, completed_at, team_a_score, team_b_score, backfilled, contest_until,
              (contest_until IS NOT NULL AND contest_until > now()) AS contest_open
         FROM matches
        WHERE league_id = $1 AND status = 'completed' AND NOT voided AND team_a_score IS NOT NULL
        ORDER BY completed_at DESC, id DESC`,
      [leagueId],
    );
  }

  /** The score reports of these matches, with who sent them. */
  reportsOf(matchIds: number[], m: EntityManager = this.db.manager): Promise<ReportEntryRow[]> {
    return m.query(
      `SELECT r.match_id, r.team, r.reported_by, ${shownUsernameSql('u')} AS username,
              r.team_a_score, r.team_b_score
         FROM match_reports r JOIN users u ON u.id = r.reported_by
        WHERE r.match_id = ANY($1::int[]) AND r.kind = 'report'
        ORDER BY r.match_id, r.team`,
      [matchIds],
    );
  }

  /**
   * The league's pool as its leaderboard lists it: current members with at least one rated league
   * match, by league rating, then games, then id (docs/leagues.md#league-leaderboard).
   */
  standings(pool: string, leagueId: number, m: EntityManager = this.db.manager): Promise<StandingRow[]> {
    return m.query(
      `SELECT r.user_id, u.username, u.profile_picture, u.profile_picture_version, r.rating, r.games, r.wins, r.losses, r.draws
         FROM ratings r
         JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
         JOIN league_members lm ON lm.league_id = $2 AND lm.user_id = r.user_id
        WHERE r.pool = $1 AND r.games > 0
        ORDER BY r.rating DESC, r.games DESC, r.user_id`,
      [pool, leagueId],
    );
  }

  /** Which of these players are live members of the league. */
  async membersAmong(leagueId: number, userIds: number[], m: EntityManager): Promise<Map<number, string>> {
    const rows: { user_id: number; username: string }[] = await m.query(
      `SELECT lm.user_id, u.username FROM league_members lm JOIN users u ON u.id = lm.user_id AND u.deleted_at IS NULL
        WHERE lm.league_id = $1 AND lm.user_id = ANY($2::int[])`,
      [leagueId, userIds],
    );
    return new Map(rows.map((r) => [r.user_id, r.username]));
  }

  async addedBy(matchId: number, m: EntityManager): Promise<number | null> {
    const rows: { added_by: number | null }[] = await m.query(`SELECT added_by FROM matches WHERE id = $1`, [matchId]);
    return rows[0]?.added_by ?? null;
  }

  async contestOpen(matchId: number, m: EntityManager): Promise<boolean> {
    const rows: { open: boolean }[] = await m.query(`SELECT (contest_until IS NOT NULL AND contest_until > now()) AS open FROM matches WHERE id = $1`, [matchId]);
    return rows[0]?.open ?? false;
  }
}
