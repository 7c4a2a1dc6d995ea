import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Evidence, IntegrityCaseStatus, MatchType, ScoringType, Suspicion, SuspicionKind } from '@gotnext/shared';
import { pgArray } from '../database/pg-array';
import { PreparedRepository } from '../database/prepared.repository';

/** A rated overall match as the analysis and the calibration read it, in rating order. */
export interface HistoryMatch {
  id: number;
  match_type: MatchType;
  scoring_type: ScoringType;
  team_a_score: number;
  team_b_score: number;
  completed_at: Date;
  weight: number;
  team_a: number[];
  team_b: number[];
}

export interface CaseRow {
  id: number;
  user_id: number;
  username: string;
  kind: SuspicionKind;
  score: number;
  status: IntegrityCaseStatus;
  evidence: Evidence[];
  match_ids: number[];
  with_ids: number[];
  created_at: Date;
  decided_at: Date | null;
  appeal: string | null;
  appealed_at: Date | null;
}

/**
 * Every statement on `match_integrity` and `integrity_cases`, and the reads of matches, players and
 * sessions the analysis needs (docs/rating.md#integrity).
 */
@Injectable()
export class IntegrityRepository extends PreparedRepository {
  /**
   * Every ratable overall match (ranked, completed with a score, not voided, not tainted) with its
   * rosters and weight, in the order ratings apply them (completed_at, id).
   */
  history(m: EntityManager = this.db.manager): Promise<HistoryMatch[]> {
    return m.query(
      `SELECT m.id, m.match_type, m.scoring_type, m.team_a_score, m.team_b_score, m.completed_at, COALESCE(i.weight, 1) AS weight,
              COALESCE(array_agg(p.user_id ORDER BY p.user_id) FILTER (WHERE p.team = 'A'), '{}') AS team_a,
              COALESCE(array_agg(p.user_id ORDER BY p.user_id) FILTER (WHERE p.team = 'B'), '{}') AS team_b
         FROM matches m
         LEFT JOIN match_integrity i ON i.match_id = m.id
         JOIN match_players p ON p.match_id = m.id
        WHERE m.status = 'completed' AND m.ranked AND m.league_id IS NULL AND NOT m.voided AND m.team_a_score IS NOT NULL AND i.tainted IS NOT TRUE
        GROUP BY m.id, i.weight
        ORDER BY m.completed_at, m.id`,
    );
  }

  /** The players' accounts and the keyed hashes of every device and address they logged in from. */
  players(userIds: number[], m: EntityManager = this.db.manager): Promise<{ id: number; created_at: Date; verified: boolean; devices: string[]; addresses: string[] }[]> {
    return m.query(
      `SELECT u.id, u.created_at, (u.email_verified AND u.id_verified) AS verified,
              COALESCE(array_agg(DISTINCT s.device_hash) FILTER (WHERE s.device_hash IS NOT NULL), '{}') AS devices,
              COALESCE(array_agg(DISTINCT s.address_hash) FILTER (WHERE s.address_hash IS NOT NULL), '{}') AS addresses
         FROM users u LEFT JOIN sessions s ON s.user_id = u.id
        WHERE u.id = ANY($1::int[])
        GROUP BY u.id`,
      [pgArray(userIds)],
    );
  }

  usernames(userIds: number[], m: EntityManager = this.db.manager): Promise<{ id: number; username: string; deleted: boolean }[]> {
    return m.query(`SELECT id, username, deleted_at IS NOT NULL AS deleted FROM users WHERE id = ANY($1::int[])`, [pgArray(userIds)]);
  }

  /** The weights below 1 of matches not tainted: what the last scan decided. */
  async weights(m: EntityManager): Promise<Map<number, number>> {
    const rows: { match_id: number; weight: number }[] = await m.query(`SELECT match_id, weight FROM match_integrity WHERE NOT tainted`);
    return new Map(rows.map((r) => [r.match_id, r.weight]));
  }

  async setWeights(weights: Map<number, number>, m: EntityManager): Promise<void> {
    if (!weights.size) return;
    await m.query(
      `INSERT INTO match_integrity (match_id, weight) SELECT * FROM unnest($1::int[], $2::float8[])
       ON CONFLICT (match_id) DO UPDATE SET weight = EXCLUDED.weight, updated_at = now() WHERE NOT match_integrity.tainted`,
      [pgArray([...weights.keys()]), pgArray([...weights.values()])],
    );
  }

  async clearWeights(matchIds: number[], m: EntityManager): Promise<void> {
    if (matchIds.length) await m.query(`DELETE FROM match_integrity WHERE match_id = ANY($1::int[]) AND NOT tainted`, [pgArray(matchIds)]);
  }

  /** A confirmed case's matches leave every pool (docs/rating.md#integrity). */
  async taint(matchIds: number[], m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO match_integrity (match_id, weight, tainted) SELECT unnest($1::int[]), 0, true
       ON CONFLICT (match_id) DO UPDATE SET weight = 0, tainted = true, updated_at = now()`,
      [pgArray(matchIds)],
    );
  }

  /** New cases only: one per player and kind, ever (a dismissed one is not raised again). The ids of those inserted. */
  async insertCases(suspicions: Suspicion[], m: EntityManager): Promise<number[]> {
    if (!suspicions.length) return [];
    const rows: { id: number }[] = await m.query(
      `INSERT INTO integrity_cases (user_id, kind, score, evidence, match_ids, with_ids)
       SELECT s.user_id, s.kind, s.score, s.evidence, ARRAY(SELECT jsonb_array_elements_text(s.match_ids)::int), ARRAY(SELECT jsonb_array_elements_text(s.with_ids)::int)
         FROM jsonb_to_recordset($1::jsonb) AS s(user_id int, kind text, score real, evidence jsonb, match_ids jsonb, with_ids jsonb)
         JOIN users u ON u.id = s.user_id
       ON CONFLICT (user_id, kind) DO NOTHING RETURNING id`,
      [JSON.stringify(suspicions.map((s) => ({ user_id: s.userId, kind: s.kind, score: s.score, evidence: s.evidence, match_ids: s.matchIds, with_ids: s.with })))],
    );
    return rows.map((r) => r.id);
  }

  /** `${userId}:${kind}` of dismissed cases: their matches keep full weight. */
  async dismissed(m: EntityManager): Promise<Set<string>> {
    const rows: { user_id: number; kind: string }[] = await m.query(`SELECT user_id, kind FROM integrity_cases WHERE status = 'dismissed'`);
    return new Set(rows.map((r) => `${r.user_id}:${r.kind}`));
  }

  /** The ops queue: open cases oldest first, then the 200 newest decided. */
  cases(m: EntityManager = this.db.manager): Promise<CaseRow[]> {
    return m.query(
      `(SELECT c.*, u.username FROM integrity_cases c JOIN users u ON u.id = c.user_id WHERE c.status = 'open' ORDER BY c.created_at, c.id)
       UNION ALL
       (SELECT c.*, u.username FROM integrity_cases c JOIN users u ON u.id = c.user_id WHERE c.status <> 'open' ORDER BY c.decided_at DESC, c.id DESC LIMIT 200)`,
    );
  }

  /** The case, its row locked for the decision. */
  async lockCase(caseId: number, m: EntityManager): Promise<CaseRow | null> {
    const rows: CaseRow[] = await m.query(`SELECT c.*, u.username FROM integrity_cases c JOIN users u ON u.id = c.user_id WHERE c.id = $1 FOR UPDATE OF c`, [caseId]);
    return rows[0] ?? null;
  }

  async decide(caseId: number, status: 'confirmed' | 'dismissed', m: EntityManager): Promise<void> {
    await m.query(`UPDATE integrity_cases SET status = $2, decided_at = now() WHERE id = $1`, [caseId, status]);
  }

  /** The one appeal: written only when the case is the player's, confirmed and not appealed yet. */
  async appeal(caseId: number, userId: number, text: string, m: EntityManager = this.db.manager): Promise<boolean> {
    const [rows]: [{ id: number }[], number] = await m.query(
      `UPDATE integrity_cases SET appeal = $3, appealed_at = now() WHERE id = $1 AND user_id = $2 AND status = 'confirmed' AND appeal IS NULL RETURNING id`,
      [caseId, userId, text],
    );
    return rows.length > 0;
  }

  async caseOf(caseId: number, m: EntityManager = this.db.manager): Promise<{ user_id: number; status: IntegrityCaseStatus; appeal: string | null } | null> {
    const rows = await m.query(`SELECT user_id, status, appeal FROM integrity_cases WHERE id = $1`, [caseId]);
    return rows[0] ?? null;
  }

  ownCases(userId: number, m: EntityManager = this.db.manager): Promise<CaseRow[]> {
    return m.query(`SELECT c.*, u.username FROM integrity_cases c JOIN users u ON u.id = c.user_id WHERE c.user_id = $1 AND c.status = 'confirmed' ORDER BY c.decided_at DESC`, [
      userId,
    ]);
  }

  /** The players of these matches. */
  async playersOf(matchIds: number[], m: EntityManager): Promise<number[]> {
    const rows: { user_id: number }[] = await m.query(`SELECT DISTINCT user_id FROM match_players WHERE match_id = ANY($1::int[])`, [pgArray(matchIds)]);
    return rows.map((r) => r.user_id);
  }

  /** Whether any of these matches has rating events (was rated). */
  async anyRated(matchIds: number[], m: EntityManager): Promise<boolean> {
    if (!matchIds.length) return false;
    const rows = await m.query(`SELECT 1 FROM rating_events WHERE match_id = ANY($1::int[]) LIMIT 1`, [pgArray(matchIds)]);
    return rows.length > 0;
  }

  /** A match's type and roster with each player's overall rating state and preferences (the lobby's chances). */
  async lobby(
    matchId: number,
    m: EntityManager = this.db.manager,
  ): Promise<{
    match_type: MatchType;
    scoring_type: ScoringType;
    ranked: boolean;
    players: { user_id: number; team: 'A' | 'B'; rating: number | null; sigma: number | null; games: number | null; preferences: unknown }[];
  } | null> {
    const [match] = await m.query(`SELECT match_type, scoring_type, ranked FROM matches WHERE id = $1`, [matchId]);
    if (!match) return null;
    const players = await m.query(
      `SELECT p.user_id, p.team, r.rating, r.sigma, r.games, u.preferences
         FROM match_players p JOIN users u ON u.id = p.user_id LEFT JOIN ratings r ON r.pool = 'overall' AND r.user_id = p.user_id
        WHERE p.match_id = $1 ORDER BY p.user_id`,
      [matchId],
    );
    return { ...match, players };
  }

  async storeCalibration(engineVersion: number, data: unknown, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(
      `INSERT INTO rating_calibration (id, engine_version, computed_at, data) VALUES (1, $1, now(), $2)
       ON CONFLICT (id) DO UPDATE SET engine_version = EXCLUDED.engine_version, computed_at = EXCLUDED.computed_at, data = EXCLUDED.data`,
      [engineVersion, JSON.stringify(data)],
    );
  }

  async calibration(m: EntityManager = this.db.manager): Promise<{ engine_version: number; computed_at: Date; data: unknown } | null> {
    const rows = await m.query(`SELECT engine_version, computed_at, data FROM rating_calibration WHERE id = 1`);
    return rows[0] ?? null;
  }
}
