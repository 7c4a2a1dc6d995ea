import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { WITNESSED_LIMITS, type NewScoreEvent, type ScoreEvent, type TeamSide } from '@gotnext/shared';
import { PreparedRepository } from '../database/prepared.repository';
import type { PlayerRow } from '../matches/matches.repository';
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

/** What a tap reads of its match once it holds the lock (WitnessedRepository.tapRead). */
export interface TapBoardRead {
  players: PlayerRow[];
  /** Null before the board's first read made the row. */
  scorers: ScorersRow | null;
  events: ScoreEvent[];
}

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
   * A tap's reads in one prepared statement on the transaction's connection: the roster (join
   * order), the scorers row and every event (each scorer's in phone order), three to four round
   * trips before (docs/matches.md#witnessed-score). It must run after the match's lock, as a
   * statement of its own: a statement sees the rows committed when it began, so reads made in the
   * locking statement would miss the events of the tap it waited for.
   *
   * It also turns the transaction's commit asynchronous (docs/scaling.md#commits-without-the-wal-flush),
   * in the same round trip: a tap's answer then never queues on the server's WAL flush. A tap that
   * settles the match turns it back (`syncCommit`).
   */
  async tapRead(matchId: number, m: EntityManager): Promise<TapBoardRead> {
    const [row] = await this.hotRead<TapBoardRead & { async_commit: string }>(
      m,
      'witnessed.tap-read',
      `SELECT set_config('synchronous_commit', 'off', true) AS async_commit,
              (SELECT COALESCE(json_agg(json_build_object(
                        'user_id', p.user_id, 'team', p.team, 'username', ${shownUsernameSql('u')},
                        'profile_picture', ${shownPictureSql('u')}, 'profile_picture_version', u.profile_picture_version)
                      ORDER BY p.joined_at, p.user_id), '[]')
                 FROM match_players p JOIN users u ON u.id = p.user_id WHERE p.match_id = $1) AS players,
              (SELECT row_to_json(s) FROM (SELECT ${SCORERS_COLUMNS} FROM match_scorers WHERE match_id = $1) s) AS scorers,
              (SELECT COALESCE(json_agg(${EVENT_JSON} ORDER BY e.scorer_id, e.device_seq, e.client_event_id), '[]')
                 FROM score_events e WHERE e.match_id = $1) AS events`,
      [matchId],
    );
    return { players: row.players, scorers: row.scorers, events: row.events };
  }

  /** The transaction commits only once its WAL is on disk again, as every other write does. */
  async syncCommit(m: EntityManager): Promise<void> {
    await this.hotRead(m, 'witnessed.sync-commit', `SELECT set_config('synchronous_commit', 'on', true)`, []);
  }

  /** Appends events (already checked under the match lock); ids already stored (in any match) are skipped, never updated. */
  async insert(matchId: number, scorer: number, events: NewScoreEvent[], m: EntityManager): Promise<ScoreEvent[]> {
    if (!events.length) return [];
    return this.hotRead<ScoreEvent>(
      m,
      'witnessed.insert',
      `INSERT INTO score_events AS e (match_id, scorer_id, kind, team, points, client_event_id, device_seq, client_time, undoes)
       SELECT $1, $2, n.kind, n.team, n.points, n.client_event_id, n.device_seq, n.client_time, n.undoes
         FROM unnest($3::text[], $4::text[], $5::smallint[], $6::uuid[], $7::bigint[], $8::timestamptz[], $9::uuid[])
              AS n(kind, team, points, client_event_id, device_seq, client_time, undoes)
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
