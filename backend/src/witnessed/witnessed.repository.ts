import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { WITNESSED_LIMITS, type NewScoreEvent, type ScoreEvent, type TeamSide } from '@gotnext/shared';

/** A match's scorer choices as stored (the rules in witnessed-setup.ts read them against the roster). */
export interface ScorersRow {
  match_id: number;
  scorer_a: number | null;
  scorer_b: number | null;
  single_scorer: number | null;
  single_accepted: number[];
  spectator_token: string;
}

const EVENT_COLUMNS = `match_id AS "matchId", scorer_id AS scorer, kind, team, points, client_event_id AS "clientEventId",
  device_seq::int AS "deviceSeq", to_char(client_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "clientTime", undoes,
  to_char(server_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "serverTime"`;

/** Every statement on `match_scorers` and `score_events` (docs/matches.md#witnessed-score). */
@Injectable()
export class WitnessedRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The match's row, made on first use with a fresh link token (two racing first reads make one). */
  async scorers(matchId: number, m: EntityManager = this.db.manager): Promise<ScorersRow> {
    const token = randomBytes(WITNESSED_LIMITS.spectatorTokenBytes).toString('base64url');
    await m.query(`INSERT INTO match_scorers (match_id, spectator_token) VALUES ($1, $2) ON CONFLICT (match_id) DO NOTHING`, [matchId, token]);
    const [row] = await m.query(`SELECT match_id, scorer_a, scorer_b, single_scorer, single_accepted, spectator_token FROM match_scorers WHERE match_id = $1`, [matchId]);
    return row as ScorersRow;
  }

  async hasBoard(matchId: number): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM match_scorers WHERE match_id = $1`, [matchId])).length > 0;
  }

  async matchOfToken(token: string): Promise<number | null> {
    const [row] = await this.db.query(`SELECT match_id FROM match_scorers WHERE spectator_token = $1`, [token]);
    return row ? (row.match_id as number) : null;
  }

  async setTeamScorer(matchId: number, team: TeamSide, userId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE match_scorers SET ${team === 'A' ? 'scorer_a' : 'scorer_b'} = $2 WHERE match_id = $1`, [matchId, userId]);
  }

  async proposeSingle(matchId: number, userId: number, proposer: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE match_scorers SET single_scorer = $2, single_accepted = ARRAY[$3]::integer[] WHERE match_id = $1`, [matchId, userId, proposer]);
  }

  async acceptSingle(matchId: number, userId: number, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE match_scorers SET single_accepted = array_append(single_accepted, $2) WHERE match_id = $1 AND NOT ($2 = ANY (single_accepted))`,
      [matchId, userId],
    );
  }

  async dropSingle(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE match_scorers SET single_scorer = NULL, single_accepted = '{}' WHERE match_id = $1`, [matchId]);
  }

  /** Every event of a match, each scorer's in their phone's order. */
  async eventsOf(matchId: number, m: EntityManager = this.db.manager): Promise<ScoreEvent[]> {
    return m.query(`SELECT ${EVENT_COLUMNS} FROM score_events WHERE match_id = $1 ORDER BY scorer_id, device_seq, client_event_id`, [matchId]);
  }

  /** The scorer's events whose ids are among these, in any match (a resend, or an id already taken). */
  async byClientIds(ids: string[], m: EntityManager): Promise<ScoreEvent[]> {
    if (!ids.length) return [];
    return m.query(`SELECT ${EVENT_COLUMNS} FROM score_events WHERE client_event_id = ANY ($1::uuid[])`, [ids]);
  }

  /** Appends events (already checked under the match lock); ids already stored are skipped, never updated. */
  async insert(matchId: number, scorer: number, events: NewScoreEvent[], m: EntityManager): Promise<ScoreEvent[]> {
    if (!events.length) return [];
    return m.query(
      `INSERT INTO score_events (match_id, scorer_id, kind, team, points, client_event_id, device_seq, client_time, undoes)
       SELECT $1, $2, e.kind, e.team, e.points, e.client_event_id, e.device_seq, e.client_time, e.undoes
         FROM unnest($3::text[], $4::text[], $5::smallint[], $6::uuid[], $7::bigint[], $8::timestamptz[], $9::uuid[])
              AS e(kind, team, points, client_event_id, device_seq, client_time, undoes)
       ON CONFLICT (client_event_id) DO NOTHING
       RETURNING ${EVENT_COLUMNS}`,
      [
        matchId,
        scorer,
        events.map((e) => e.kind),
        events.map((e) => e.team),
        events.map((e) => e.points),
        events.map((e) => e.clientEventId),
        events.map((e) => e.deviceSeq),
        events.map((e) => e.clientTime),
        events.map((e) => e.undoes),
      ],
    );
  }
}
