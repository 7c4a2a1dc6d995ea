import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { WITNESSED_LIMITS, type NewScoreEvent, type ScoreEvent, type TeamSide } from '@gotnext/shared';
import { PreparedRepository } from '../database/prepared.repository';
import type { MatchEntity } from '../matches/entities/match.entity';
import { MATCH_ENTITY_COLUMNS, type PlayerRow } from '../matches/matches.repository';
import { shownPictureSql, shownUsernameSql } from '../users/shown-player-sql';

/** A match's scorer choices as stored (the rules in witnessed-setup.ts read them against the roster). */
export interface ScorersRow {
  match_id: number;
  scorer_a: number | null;
  scorer_b: number | null;
  single_scorer: number | null;
  single_accepted: number[];
  spectator_token: string;
}

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A ScoreEvent's properties and the columns of `score_events e` they come from, once for rows and for JSON. */
const EVENT_FIELDS: [keyof ScoreEvent, string][] = [
  ['matchId', 'e.match_id'],
  ['scorer', 'e.scorer_id'],
  ['kind', 'e.kind'],
  ['team', 'e.team'],
  ['points', 'e.points'],
  ['clientEventId', 'e.client_event_id'],
  ['deviceSeq', 'e.device_seq::int'],
  ['clientTime', utc('e.client_time')],
  ['undoes', 'e.undoes'],
  ['serverTime', utc('e.server_time')],
];
const EVENT_COLUMNS = EVENT_FIELDS.map(([key, sql]) => `${sql} AS "${key}"`).join(', ');
const EVENT_JSON = `json_build_object(${EVENT_FIELDS.map(([key, sql]) => `'${key}', ${sql}`).join(', ')})`;
const SCORERS_COLUMNS = 'match_id, scorer_a, scorer_b, single_scorer, single_accepted, spectator_token';

/** A match's board as stored (WitnessedRepository.board). */
export interface BoardRead {
  match: MatchEntity;
  players: PlayerRow[];
  /** Null before the board's first read made the row. */
  scorers: ScorersRow | null;
  events: ScoreEvent[];
  /** The highest id among `events` ('0' for none), as text: ids are bigint. */
  lastEventId: string;
}

export type AppendResult = { outcome: 'stored'; events: ScoreEvent[]; last: string } | { outcome: 'stale' } | { outcome: 'taken'; taken: string[] };

/** Every statement on `match_scorers` and `score_events` (docs/matches.md#witnessed-score). */
@Injectable()
export class WitnessedRepository extends PreparedRepository {
  /** The match's row, made on first use with a fresh link token (two racing first reads make one). */
  async scorers(matchId: number, m: EntityManager = this.db.manager): Promise<ScorersRow> {
    const token = randomBytes(WITNESSED_LIMITS.spectatorTokenBytes).toString('base64url');
    await m.query(`INSERT INTO match_scorers (match_id, spectator_token) VALUES ($1, $2) ON CONFLICT (match_id) DO NOTHING`, [matchId, token]);
    const [row] = await m.query(`SELECT ${SCORERS_COLUMNS} FROM match_scorers WHERE match_id = $1`, [matchId]);
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
    await m.query(`UPDATE match_scorers SET single_accepted = array_append(single_accepted, $2) WHERE match_id = $1 AND NOT ($2 = ANY (single_accepted))`, [matchId, userId]);
  }

  async dropSingle(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE match_scorers SET single_scorer = NULL, single_accepted = '{}' WHERE match_id = $1`, [matchId]);
  }

  /** Every event of a match, each scorer's in their phone's order. */
  async eventsOf(matchId: number, m: EntityManager = this.db.manager): Promise<ScoreEvent[]> {
    return m.query(`SELECT ${EVENT_COLUMNS} FROM score_events e WHERE e.match_id = $1 ORDER BY e.scorer_id, e.device_seq, e.client_event_id`, [matchId]);
  }

  /**
   * A match's whole board in one prepared statement (docs/matches.md#witnessed-score): the match
   * row, the roster (join order), the scorers row and every event with the highest event id. Outside
   * a transaction it is one consistent snapshot for checking taps (`append` then tells whether it
   * still holds); inside one, after the match's lock, the board that settlement decides on. It never
   * folds the lock in: a statement sees the rows committed when it began, so a locking statement
   * would miss the events of the tap it waited for.
   */
  async board(matchId: number, m?: EntityManager): Promise<BoardRead | null> {
    const [row] = await this.hotRead<MatchEntity & Omit<BoardRead, 'match'>>(
      m,
      'witnessed.board',
      `SELECT ${MATCH_ENTITY_COLUMNS},
              (SELECT COALESCE(json_agg(json_build_object(
                        'user_id', p.user_id, 'team', p.team, 'username', ${shownUsernameSql('u')},
                        'profile_picture', ${shownPictureSql('u')}, 'profile_picture_version', u.profile_picture_version)
                      ORDER BY p.joined_at, p.user_id), '[]')
                 FROM match_players p JOIN users u ON u.id = p.user_id WHERE p.match_id = m.id) AS players,
              (SELECT row_to_json(s) FROM (SELECT ${SCORERS_COLUMNS} FROM match_scorers WHERE match_id = m.id) s) AS scorers,
              ev.events, ev."lastEventId"
         FROM matches m
        CROSS JOIN LATERAL (
              -- The highest id from the same scan of the match's events: a max() of its own was
              -- planned as a walk down the primary key past every other match's newer events.
              SELECT COALESCE(json_agg(${EVENT_JSON} ORDER BY e.scorer_id, e.device_seq, e.client_event_id), '[]') AS events,
                     COALESCE(max(e.id), 0)::text AS "lastEventId"
                FROM score_events e WHERE e.match_id = m.id) ev
        WHERE m.id = $1`,
      [matchId],
    );
    if (!row) return null;
    const { players, scorers, events, lastEventId, ...match } = row;
    return { match, players, scorers, events, lastEventId };
  }

  /**
   * Appends a scorer's checked events in one statement committed on its own, if the board they were
   * checked against (`seen`, its `lastEventId`) still holds for this scorer (`witnessed_append`,
   * migration WitnessedAppend): the events stored since `seen`, these among them; 'stale' when the
   * match left play or the scorer stored more meanwhile (check again); the ids another match or
   * scorer holds, when nothing was stored for that reason.
   */
  async append(matchId: number, scorer: number, seen: string, events: NewScoreEvent[]): Promise<AppendResult> {
    try {
      const [row] = await this.hotRead<{ result: AppendResult }>(undefined, 'witnessed.append', `SELECT witnessed_append($1, $2, $3, $4::jsonb) AS result`, [
        matchId,
        scorer,
        seen,
        JSON.stringify(events),
      ]);
      return row.result;
    } catch (err) {
      // Another match stored one of these ids after the function checked them: nothing was stored.
      if ((err as { code?: string }).code === '23505') return { outcome: 'stale' };
      throw err;
    }
  }
}
