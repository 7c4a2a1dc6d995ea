import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MSG, type MatchPlayer, type MatchType, type ScoringType, type TeamSide } from '@gotnext/shared';
import { MatchEntity } from './entities/match.entity';
import type { TeamScores } from './match-rules';

/** A player of a match with what the screens show of them (deleted accounts as "Deleted player"). */
export interface PlayerRow extends MatchPlayer {
  team: TeamSide;
}

export interface ReportRow {
  team: TeamSide;
  kind: 'report' | 'resolve';
  reported_by: number;
  team_a_score: number;
  team_b_score: number;
}

export type ReportKind = ReportRow['kind'];
export type SettledBy = 'agreed' | 'resolved' | 'single-report';

/**
 * One global lock around every completion. Completions commit in the order of their
 * completed_at (taken after the lock, with clock_timestamp()), so by the time the rating job
 * sees a completed match, every match completed before it is committed too: live rating and
 * the rebuild apply matches in the same (completed_at, id) order.
 */
const COMPLETION_LOCK_KEY = 7_436_001;

/** Statuses in which a match can still be found by its code (the partial unique index on codes). */
const OPEN_STATUSES_SQL = `('waiting', 'ready', 'in-progress', 'disputed')`;

export const teamOf = (players: PlayerRow[], side: TeamSide): MatchPlayer[] =>
  players.filter((p) => p.team === side).map(({ user_id, username, profile_picture, profile_picture_version }) => ({ user_id, username, profile_picture, profile_picture_version }));

/**
 * Every statement on `matches`, `match_players` and `match_reports`. A match row is described
 * once, by MatchEntity. The last argument of each method is the EntityManager to run on.
 */
@Injectable()
export class MatchesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Locks the match row for the rest of the transaction. Every write to a match (join, team change,
   * start, report, resolve, deadline) takes this lock first, so they apply one after another.
   */
  async lock(id: number, m: EntityManager): Promise<MatchEntity> {
    const match = await m.findOne(MatchEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!match) throw new NotFoundException({ message: MSG.matchNotFound });
    return match;
  }

  async get(id: number, m: EntityManager = this.db.manager): Promise<MatchEntity> {
    const match = await m.findOne(MatchEntity, { where: { id } });
    if (!match) throw new NotFoundException({ message: MSG.matchNotFound });
    return match;
  }

  /** Inserts a match with the creator on Team A; null when the code clashes with an open match's. */
  async insert(match: { code: string; type: MatchType; scoring: ScoringType; ranked: boolean; creatorId: number }, m: EntityManager): Promise<number | null> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO matches (code, match_type, scoring_type, ranked, creator_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id`,
      [match.code, match.type, match.scoring, match.ranked, match.creatorId],
    );
    if (!rows.length) return null;
    await this.addPlayer(rows[0].id, match.creatorId, 'A', m);
    return rows[0].id;
  }

  /** The newest match with this code, preferring one that is still open. */
  async findByCode(code: string, m: EntityManager = this.db.manager): Promise<{ id: number; match_type: MatchType } | null> {
    const rows: { id: number; match_type: MatchType }[] = await m.query(
      `SELECT id, match_type FROM matches WHERE upper(code) = $1
        ORDER BY (status IN ${OPEN_STATUSES_SQL}) DESC, id DESC LIMIT 1`,
      [code],
    );
    return rows[0] ?? null;
  }

  /** Players in join order. */
  playersOf(matchId: number, m: EntityManager = this.db.manager): Promise<PlayerRow[]> {
    return m.query(
      `SELECT p.user_id, p.team,
              CASE WHEN u.deleted_at IS NULL THEN u.username ELSE 'Deleted player' END AS username,
              CASE WHEN u.deleted_at IS NULL THEN u.profile_picture END AS profile_picture,
              u.profile_picture_version
         FROM match_players p JOIN users u ON u.id = p.user_id
        WHERE p.match_id = $1
        ORDER BY p.joined_at, p.user_id`,
      [matchId],
    );
  }

  /**
   * What the lobby shows beside each name (docs/matches.md#who-sees-a-match): the overall rating
   * (null when none is stored yet), whether the player hides it, and whether they are verified.
   */
  lobbyFacts(matchId: number, m: EntityManager = this.db.manager): Promise<{ user_id: number; rating: number | null; preferences: unknown; verified: boolean; deleted: boolean }[]> {
    return m.query(
      `SELECT p.user_id, r.rating, u.preferences, (u.email_verified AND u.id_verified) AS verified, (u.deleted_at IS NOT NULL) AS deleted
         FROM match_players p JOIN users u ON u.id = p.user_id
         LEFT JOIN ratings r ON r.user_id = p.user_id AND r.pool = $2
        WHERE p.match_id = $1`,
      [matchId, 'overall'], // the overall pool (ratings/rating-pools.ts; not imported: ratings depends on matches)
    );
  }

  async playerIds(matchId: number, m: EntityManager = this.db.manager): Promise<number[]> {
    const rows: { user_id: number }[] = await m.query(`SELECT user_id FROM match_players WHERE match_id = $1`, [matchId]);
    return rows.map((r) => r.user_id);
  }

  /** Whether the user holds a slot in the match (who may join its room). */
  async isPlayer(matchId: number, userId: number, m: EntityManager = this.db.manager): Promise<boolean> {
    const rows: unknown[] = await m.query(`SELECT 1 FROM match_players WHERE match_id = $1 AND user_id = $2`, [matchId, userId]);
    return rows.length > 0;
  }

  async addPlayer(matchId: number, userId: number, team: TeamSide, m: EntityManager): Promise<void> {
    await m.query(`INSERT INTO match_players (match_id, user_id, team) VALUES ($1, $2, $3)`, [matchId, userId, team]);
  }

  async movePlayer(matchId: number, userId: number, team: TeamSide, m: EntityManager): Promise<void> {
    await m.query(`UPDATE match_players SET team = $3 WHERE match_id = $1 AND user_id = $2`, [matchId, userId, team]);
  }

  async markReady(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE matches SET status = 'ready' WHERE id = $1 AND status = 'waiting'`, [matchId]);
  }

  async markStarted(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE matches SET status = 'in-progress', started_at = now() WHERE id = $1`, [matchId]);
  }

  async markDisputed(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE matches SET status = 'disputed', disputed_at = now() WHERE id = $1 AND status = 'in-progress'`, [matchId]);
  }

  async markSecondReminderSent(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE matches SET second_reminder_at = now() WHERE id = $1`, [matchId]);
  }

  /** Completes with a final score, under the global completion lock (see COMPLETION_LOCK_KEY). */
  async markCompleted(matchId: number, scores: TeamScores, settledBy: SettledBy, m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock($1)`, [COMPLETION_LOCK_KEY]);
    await m.query(
      `UPDATE matches SET status = 'completed', completed_at = clock_timestamp(), team_a_score = $2, team_b_score = $3, settled_by = $4
        WHERE id = $1 AND status IN ('in-progress', 'disputed')`,
      [matchId, scores.a, scores.b, settledBy],
    );
  }

  /** A dispute left open past its deadline: completed with no score, under the completion lock. */
  async markVoided(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock($1)`, [COMPLETION_LOCK_KEY]);
    await m.query(
      `UPDATE matches SET status = 'completed', voided = true, completed_at = clock_timestamp(), settled_by = 'voided' WHERE id = $1 AND status = 'disputed'`,
      [matchId],
    );
  }

  /** Whether `ms` have passed since `since`, by PostgreSQL's clock (the one the timestamps come from). */
  async elapsed(since: Date | null, ms: number, m: EntityManager = this.db.manager): Promise<boolean> {
    if (!since) return false;
    const rows: { due: boolean }[] = await m.query(`SELECT now() >= $1::timestamptz + ($2::bigint * interval '1 millisecond') AS due`, [since, ms]);
    return rows[0].due;
  }

  async reportsOf(matchId: number, kind: ReportKind, m: EntityManager = this.db.manager): Promise<{ A: TeamScores | null; B: TeamScores | null; rows: ReportRow[] }> {
    const rows: ReportRow[] = await m.query(
      `SELECT team, kind, reported_by, team_a_score, team_b_score FROM match_reports WHERE match_id = $1 AND kind = $2`,
      [matchId, kind],
    );
    const of = (side: TeamSide) => {
      const r = rows.find((x) => x.team === side);
      return r ? { a: r.team_a_score, b: r.team_b_score } : null;
    };
    return { A: of('A'), B: of('B'), rows };
  }

  /** Stores a side's report, replacing its previous one of the same kind; true when it is the side's first. */
  async upsertReport(matchId: number, side: TeamSide, kind: ReportKind, by: number, scores: TeamScores, m: EntityManager): Promise<boolean> {
    const rows: { inserted: boolean }[] = await m.query(
      `INSERT INTO match_reports (match_id, team, kind, reported_by, team_a_score, team_b_score)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (match_id, team, kind) DO UPDATE
         SET reported_by = EXCLUDED.reported_by, team_a_score = EXCLUDED.team_a_score,
             team_b_score = EXCLUDED.team_b_score, updated_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [matchId, side, kind, by, scores.a, scores.b],
    );
    return rows[0].inserted;
  }
}
