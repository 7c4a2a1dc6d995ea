/** Row-level reads and writes of matches shared by the services and the deadline worker. */
import { NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MSG, type MatchPlayer, type MatchStatus, type MatchType, type ScoringType, type TeamSide } from '@gotnext/shared';
import type { TeamScores } from './match-rules';

export interface MatchRow {
  id: number;
  code: string;
  match_type: MatchType;
  scoring_type: ScoringType;
  ranked: boolean;
  status: MatchStatus;
  creator_id: number;
  started_at: Date | null;
  disputed_at: Date | null;
  completed_at: Date | null;
  team_a_score: number | null;
  team_b_score: number | null;
  voided: boolean;
  second_reminder_at: Date | null;
}

export interface PlayerRow extends MatchPlayer {
  team: TeamSide;
}

const MATCH_COLUMNS = `id, code, match_type, scoring_type, ranked, status, creator_id, started_at, disputed_at, completed_at,
  team_a_score, team_b_score, voided, second_reminder_at`;

/**
 * Locks the match row for the rest of the transaction. Every write to a match (join, team change,
 * start, report, resolve, deadline) takes this lock first, so they apply one after another.
 */
export async function lockMatch(m: EntityManager, id: number): Promise<MatchRow> {
  const rows: MatchRow[] = await m.query(`SELECT ${MATCH_COLUMNS} FROM matches WHERE id = $1 FOR UPDATE`, [id]);
  if (!rows.length) throw new NotFoundException({ message: MSG.matchNotFound });
  return rows[0];
}

export async function readMatch(m: EntityManager, id: number): Promise<MatchRow> {
  const rows: MatchRow[] = await m.query(`SELECT ${MATCH_COLUMNS} FROM matches WHERE id = $1`, [id]);
  if (!rows.length) throw new NotFoundException({ message: MSG.matchNotFound });
  return rows[0];
}

/** Players in join order, with what the screens show of them (deleted accounts as "Deleted player"). */
export async function playersOf(m: EntityManager, matchId: number): Promise<PlayerRow[]> {
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

export const teamOf = (players: PlayerRow[], side: TeamSide): MatchPlayer[] =>
  players.filter((p) => p.team === side).map(({ user_id, username, profile_picture, profile_picture_version }) => ({ user_id, username, profile_picture, profile_picture_version }));

export interface ReportRow {
  team: TeamSide;
  kind: 'report' | 'resolve';
  reported_by: number;
  team_a_score: number;
  team_b_score: number;
}

export async function reportsOf(m: EntityManager, matchId: number, kind: 'report' | 'resolve'): Promise<{ A: TeamScores | null; B: TeamScores | null; rows: ReportRow[] }> {
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
export async function upsertReport(m: EntityManager, matchId: number, side: TeamSide, kind: 'report' | 'resolve', by: number, scores: TeamScores): Promise<boolean> {
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
