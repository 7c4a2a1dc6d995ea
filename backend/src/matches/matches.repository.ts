import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager, IsNull, Not } from 'typeorm';
import { MSG, type MatchPlayer, type MatchStatus, type MatchType, type ScoringType, type TeamSide } from '@gotnext/shared';
import { MatchEntity } from './entities/match.entity';
import type { TeamScores } from './match-rules';
import { PreparedRepository } from '../database/prepared.repository';
import { shownPictureSql, shownUsernameSql } from '../users/shown-player-sql';

/** A player of a match with what the screens show of them (deleted accounts as "Deleted player"). */
export interface PlayerRow extends MatchPlayer {
  team: TeamSide;
}

/** What match details reads (MatchesRepository.detailsOf). */
export interface MatchDetailsRead {
  match: MatchEntity;
  players: (PlayerRow & { rating: number | null; preferences: unknown; verified: boolean; deleted: boolean })[];
  /** The sides that reported a score. */
  reported: TeamSide[];
  /** Each side's report (Team A/Team B scores); absent in an entry cached before it was read. */
  reports?: { team: TeamSide; a: number; b: number }[];
  events: { user_id: number; before: number; after: number }[];
}

/** An open match's deadline clock, as the reconciler reads it (docs/jobs.md#deadlines-after-a-redis-loss). */
export interface OpenMatchClock {
  id: number;
  status: 'in-progress' | 'disputed';
  started_at: Date | null;
  disputed_at: Date | null;
  moderation_since: Date | null;
  second_reminder_at: Date | null;
  /** How many sides have reported a score. */
  sides: number;
  now: Date;
}

export interface ReportRow {
  team: TeamSide;
  kind: 'report' | 'resolve';
  reported_by: number;
  team_a_score: number;
  team_b_score: number;
}

export type ReportKind = ReportRow['kind'];

export interface MyMatchRow {
  id: number;
  code: string;
  match_type: MatchType;
  scoring_type: ScoringType;
  ranked: boolean;
  league_id: number | null;
  status: MatchStatus;
  creator_id: number;
  created_at: Date;
  in_moderation: boolean;
  reported: boolean;
  players: number;
  others: string[];
}
export type SettledBy = 'agreed' | 'resolved' | 'single-report' | 'ops';

/**
 * One global lock around every completion. Completions commit in the order of their
 * completed_at (taken after the lock, with clock_timestamp()), so by the time the rating job
 * sees a completed match, every match completed before it is committed too: live rating and
 * the rebuild apply matches in the same (completed_at, id) order.
 */
const COMPLETION_LOCK_KEY = 7_436_001;

/** A match row as MatchEntity's properties (alias m), for reads that skip TypeORM's entity loading. */
export const MATCH_ENTITY_COLUMNS = `m.id, m.code, m.match_type AS "matchType", m.scoring_type AS "scoringType", m.ranked, m.status, m.creator_id AS "creatorId",
  m.created_at AS "createdAt", m.started_at AS "startedAt", m.disputed_at AS "disputedAt", m.completed_at AS "completedAt",
  m.team_a_score AS "teamAScore", m.team_b_score AS "teamBScore", m.settled_by AS "settledBy", m.voided,
  m.second_reminder_at AS "secondReminderAt", m.league_id AS "leagueId", m.backfilled, m.cancelled_at AS "cancelledAt",
  m.moderation_since AS "moderationSince"`;

/** A PlayerRow (match_players p joined to users u) as rosters show it: deleted accounts as "Deleted player", without a picture. */
const PLAYER_COLUMNS = `p.user_id, p.team,
  ${shownUsernameSql('u')} AS username,
  ${shownPictureSql('u')} AS profile_picture,
  u.profile_picture_version`;

/** A roster row with its match id, for reads of several matches at once. */
export const ROSTER_COLUMNS = `p.match_id, ${PLAYER_COLUMNS}`;

/** Statuses in which a match can still be found by its code (the partial unique index on codes). */
const OPEN_STATUSES_SQL = `('waiting', 'ready', 'in-progress', 'disputed')`;

export const teamOf = (players: PlayerRow[], side: TeamSide): MatchPlayer[] =>
  players
    .filter((p) => p.team === side)
    .map(({ user_id, username, profile_picture, profile_picture_version }) => ({ user_id, username, profile_picture, profile_picture_version }));

/**
 * Every statement on `matches`, `match_players` and `match_reports`. A match row is described
 * once, by MatchEntity. The last argument of each method is the EntityManager to run on.
 */
@Injectable()
export class MatchesRepository extends PreparedRepository {
  /**
   * Locks the match row for the rest of the transaction. Every write to a match (join, team change,
   * start, report, resolve, deadline) takes this lock first, so they apply one after another.
   */
  async lock(id: number, m: EntityManager): Promise<MatchEntity> {
    // The lock means nothing outside a transaction (TypeORM's findOne refused it too).
    if (!m.queryRunner?.isTransactionActive) throw new Error('MatchesRepository.lock needs a transaction');
    // Prepared on the transaction's connection, as plain columns: TypeORM's findOne built the
    // query and hydrated the entity on every change, ~8 % of the lobby bench's API CPU
    // (docs/matches.md#concurrency).
    return this.found(await this.hotRead<MatchEntity>(m, 'matches.lock', `SELECT ${MATCH_ENTITY_COLUMNS} FROM matches m WHERE m.id = $1 FOR UPDATE`, [id]));
  }

  async get(id: number, m?: EntityManager): Promise<MatchEntity> {
    return this.found(await this.hotRead<MatchEntity>(m, 'matches.get', `SELECT ${MATCH_ENTITY_COLUMNS} FROM matches m WHERE m.id = $1`, [id]));
  }

  private found([match]: MatchEntity[]): MatchEntity {
    if (!match) throw new NotFoundException({ message: MSG.matchNotFound });
    return match;
  }

  /**
   * Everything match details shows, in one prepared statement (docs/architecture.md#per-request-cost):
   * the match row with the entity's property names, its players in join order with what the lobby
   * shows beside them (rating, preferences, verified, deleted), the sides that reported a score
   * (and what, for the caller's own side) and its overall-pool rating events. Five statements and round trips before (bench/reads.bench.mjs).
   * Null when there is no such match.
   */
  async detailsOf(id: number): Promise<MatchDetailsRead | null> {
    const rows = await this.hotRead<MatchEntity & Pick<MatchDetailsRead, 'players' | 'reported' | 'reports' | 'events'>>(
      undefined,
      'matches.details-of',
      `SELECT ${MATCH_ENTITY_COLUMNS},
              (SELECT COALESCE(json_agg(json_build_object(
                        'user_id', p.user_id, 'team', p.team,
                        'username', ${shownUsernameSql('u')},
                        'profile_picture', ${shownPictureSql('u')},
                        'profile_picture_version', u.profile_picture_version,
                        'rating', r.rating, 'preferences', u.preferences, 'verified', (u.email_verified AND u.id_verified), 'deleted', (u.deleted_at IS NOT NULL)
                      ) ORDER BY p.joined_at, p.user_id), '[]')
                 FROM match_players p JOIN users u ON u.id = p.user_id
                 LEFT JOIN ratings r ON r.user_id = p.user_id AND r.pool = 'overall'
                WHERE p.match_id = m.id) AS players,
              (SELECT COALESCE(json_agg(rp.team), '[]') FROM match_reports rp WHERE rp.match_id = m.id AND rp.kind = 'report') AS reported,
              (SELECT COALESCE(json_agg(json_build_object('team', rp.team, 'a', rp.team_a_score, 'b', rp.team_b_score)), '[]')
                 FROM match_reports rp WHERE rp.match_id = m.id AND rp.kind = 'report') AS reports,
              (SELECT COALESCE(json_agg(json_build_object('user_id', e.user_id, 'before', e.before, 'after', e.after)), '[]')
                 FROM rating_events e WHERE e.match_id = m.id AND e.pool = 'overall') AS events
         FROM matches m WHERE m.id = $1`,
      [id],
    );
    if (!rows.length) return null;
    const { players, reported, reports, events, ...match } = rows[0];
    return { match, players, reported, reports, events };
  }

  /** The players of several matches in one statement (join order within each), each row with its match id. */
  rostersOf(ids: number[], m?: EntityManager): Promise<(PlayerRow & { match_id: number })[]> {
    return this.hotRead<PlayerRow & { match_id: number }>(
      m,
      'matches.rosters-of',
      `SELECT ${ROSTER_COLUMNS} FROM match_players p JOIN users u ON u.id = p.user_id
        WHERE p.match_id = ANY($1::int[]) ORDER BY p.joined_at, p.user_id`,
      [ids],
    );
  }

  /**
   * Several matches at once, with their players (join order) and overall-pool rating events: what
   * the rating job's result summaries need for a whole batch in three statements, not three per match;
   * two when the caller hands over the events it has just written (`knownEvents`).
   */
  async manyWithPlayers(
    ids: number[],
    m: EntityManager,
    knownEvents?: { match_id: number; user_id: number; before: number; after: number }[],
  ): Promise<{ match: MatchEntity; players: PlayerRow[]; events: { user_id: number; before: number; after: number }[] }[]> {
    const matches: MatchEntity[] = await m.query(`SELECT ${MATCH_ENTITY_COLUMNS} FROM matches m WHERE m.id = ANY($1::int[])`, [ids]);
    const players = await this.rostersOf(ids, m);
    const events: { match_id: number; user_id: number; before: number; after: number }[] =
      knownEvents ?? (await m.query(`SELECT match_id, user_id, before, after FROM rating_events WHERE match_id = ANY($1::int[]) AND pool = 'overall'`, [ids]));
    // Grouped by match in one pass each: a batch can hold thousands of matches.
    const byId = new Map(matches.map((match) => [match.id, { match, players: [] as PlayerRow[], events: [] as { user_id: number; before: number; after: number }[] }]));
    for (const { match_id, ...p } of players) byId.get(match_id)?.players.push(p);
    for (const { match_id, ...e } of events) byId.get(match_id)?.events.push(e);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Inserts a match with the creator on Team A; null when the code clashes with an open match's. */
  async insert(
    match: { code: string; type: MatchType; scoring: ScoringType; ranked: boolean; creatorId: number; leagueId?: number | null },
    m: EntityManager,
  ): Promise<number | null> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO matches (code, match_type, scoring_type, ranked, creator_id, league_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING id`,
      [match.code, match.type, match.scoring, match.ranked, match.creatorId, match.leagueId ?? null],
    );
    if (!rows.length) return null;
    await this.addPlayer(rows[0].id, match.creatorId, 'A', m);
    return rows[0].id;
  }

  /**
   * A past match added to the history: completed on its played date with its final score, its
   * players on their teams, contestable for `contestMs` from now. Null when the code clashed.
   */
  async insertBackfilled(
    match: {
      code: string;
      type: MatchType;
      scoring: ScoringType;
      leagueId: number;
      addedBy: number;
      playedAt: Date;
      a: number;
      b: number;
      teamA: number[];
      teamB: number[];
      contestMs: number;
    },
    m: EntityManager,
  ): Promise<number> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO matches (code, match_type, scoring_type, ranked, creator_id, league_id, status, created_at, started_at, completed_at,
                            team_a_score, team_b_score, settled_by, backfilled, added_by, contest_until)
       VALUES ($1, $2, $3, false, $4, $5, 'completed', now(), $6, $6, $7, $8, 'history', true, $4, now() + ($9::bigint * interval '1 millisecond'))
       RETURNING id`,
      [match.code, match.type, match.scoring, match.addedBy, match.leagueId, match.playedAt, match.a, match.b, match.contestMs],
    );
    const id = rows[0].id;
    for (const userId of match.teamA) await this.addPlayer(id, userId, 'A', m);
    for (const userId of match.teamB) await this.addPlayer(id, userId, 'B', m);
    return id;
  }

  /**
   * The newest match with this code, preferring one that is still open. A code names a match of
   * one scope only: overall calls never find a league match (`leagueId` null), league calls only
   * their league's (docs/leagues.md#league-matches). `league_id` tells a league call whose it was.
   */
  async findByCode(
    code: string,
    m: EntityManager = this.db.manager,
    leagueId: number | null = null,
  ): Promise<{ id: number; match_type: MatchType; league_id: number | null } | null> {
    const rows: { id: number; match_type: MatchType; league_id: number | null }[] = await m.query(
      `SELECT id, match_type, league_id FROM matches WHERE upper(code) = $1
        ORDER BY (league_id IS NOT DISTINCT FROM $2::int) DESC, (status IN ${OPEN_STATUSES_SQL}) DESC, id DESC LIMIT 1`,
      [code, leagueId],
    );
    const found = rows[0] ?? null;
    if (found && leagueId === null && found.league_id !== null) return null;
    return found;
  }

  /** Players in join order. */
  playersOf(matchId: number, m?: EntityManager): Promise<PlayerRow[]> {
    return this.hotRead<PlayerRow>(
      m,
      'matches.players-of',
      `SELECT ${PLAYER_COLUMNS}
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
  lobbyFacts(matchId: number, m?: EntityManager): Promise<{ user_id: number; rating: number | null; preferences: unknown; verified: boolean; deleted: boolean }[]> {
    return this.hotRead(
      m,
      'matches.lobby-facts',
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
    // A league match's room is also for members only (docs/leagues.md#league-matches): a player who left the league is out.
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM match_players p JOIN matches x ON x.id = p.match_id
        WHERE p.match_id = $1 AND p.user_id = $2
          AND (x.league_id IS NULL OR EXISTS (SELECT 1 FROM league_members lm WHERE lm.league_id = x.league_id AND lm.user_id = $2))`,
      [matchId, userId],
    );
    return rows.length > 0;
  }

  async addPlayer(matchId: number, userId: number, team: TeamSide, m: EntityManager): Promise<void> {
    await m.query(`INSERT INTO match_players (match_id, user_id, team) VALUES ($1, $2, $3)`, [matchId, userId, team]);
  }

  /**
   * Change Team's move and the roster it answers with, in one statement and round trip
   * (docs/matches.md#teams): moves `userId` to the other team when that team holds fewer than
   * `size` players. Only under the match lock (`lock`), taken by an earlier statement of the same
   * transaction, so this statement's snapshot already holds every change committed before the
   * lock: the count cannot go stale. `players` is the roster in join order before the move;
   * `movedTo` the team moved to, null when the user is on no team or the other team is full.
   */
  async switchTeam(matchId: number, userId: number, size: number, m: EntityManager): Promise<{ players: PlayerRow[]; movedTo: TeamSide | null }> {
    const rows = await this.hotRead<PlayerRow & { moved_to: TeamSide | null }>(
      m,
      'matches.switch-team',
      `WITH me AS (SELECT team FROM match_players WHERE match_id = $1 AND user_id = $2),
            moved AS (
              UPDATE match_players p SET team = CASE me.team WHEN 'A' THEN 'B' ELSE 'A' END
                FROM me
               WHERE p.match_id = $1 AND p.user_id = $2
                 AND (SELECT count(*) FROM match_players o WHERE o.match_id = $1 AND o.team <> me.team) < $3
              RETURNING p.team)
       SELECT ${PLAYER_COLUMNS}, (SELECT team FROM moved) AS moved_to
         FROM match_players p JOIN users u ON u.id = p.user_id
        WHERE p.match_id = $1
        ORDER BY p.joined_at, p.user_id`,
      [matchId, userId, size],
    );
    return { players: rows.map(({ moved_to, ...p }) => p), movedTo: rows[0]?.moved_to ?? null };
  }

  /**
   * Change Team in one statement committed on its own (docs/matches.md#concurrency): the
   * `match_change_team` function (migration MatchChangeTeam) takes the match's lock, then moves
   * the user to the other team while it holds fewer than its size, and returns the match's type,
   * status and creator with the roster in join order as it was before the move, and `movedTo`
   * (null when nothing moved: a lobby that is not open, a 1v1, a user on no team, the other team
   * full). Null when there is no such match. One round trip instead of four (begin, lock, move,
   * commit), so the lock and a pool connection are held only inside PostgreSQL. Its commit does
   * not wait for the WAL flush (migration MatchChangeTeamAsyncCommit, docs/matches.md#teams), which
   * holds only because it runs here on its own, never inside a transaction.
   */
  async changeTeam(
    matchId: number,
    userId: number,
  ): Promise<{ match: Pick<MatchEntity, 'matchType' | 'status' | 'creatorId'>; players: PlayerRow[]; movedTo: TeamSide | null } | null> {
    const rows = await this.hotRead<PlayerRow & { match_type: MatchType; status: MatchStatus; creator_id: number; moved_to: TeamSide | null }>(
      undefined,
      'matches.change-team',
      `SELECT * FROM match_change_team($1, $2)`,
      [matchId, userId],
    );
    if (!rows.length) return null;
    const { match_type: matchType, status, creator_id: creatorId, moved_to: movedTo } = rows[0];
    const players =
      rows[0].user_id === null
        ? []
        : rows.map(({ user_id, team, username, profile_picture, profile_picture_version }) => ({ user_id, team, username, profile_picture, profile_picture_version }));
    return { match: { matchType, status, creatorId }, players, movedTo };
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

  /**
   * A contested back-fill becomes a league dispute (docs/leagues.md#contesting-a-back-filled-match):
   * the one status change backwards the engine allows, only for a back-filled match, under its row lock.
   * The added score stands as both sides' report; each side then submits its final score.
   */
  async reopenAsDisputed(matchId: number, addedBy: number, a: number, b: number, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE matches SET status = 'disputed', disputed_at = now(), settled_by = NULL, contest_until = NULL
        WHERE id = $1 AND backfilled AND status = 'completed' AND NOT voided`,
      [matchId],
    );
    for (const side of ['A', 'B'] as const) await this.upsertReport(matchId, side, 'report', addedBy, { a, b }, m);
  }

  async markSecondReminderSent(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE matches SET second_reminder_at = now() WHERE id = $1`, [matchId]);
  }

  /** Completes with a final score, under the global completion lock (see COMPLETION_LOCK_KEY). */
  async markCompleted(matchId: number, scores: TeamScores, settledBy: SettledBy, m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock($1)`, [COMPLETION_LOCK_KEY]);
    await m.query(
      // A contested back-fill keeps its played date (docs/leagues.md#contesting-a-back-filled-match).
      `UPDATE matches SET status = 'completed', completed_at = CASE WHEN backfilled THEN completed_at ELSE clock_timestamp() END,
              team_a_score = $2, team_b_score = $3, settled_by = $4
        WHERE id = $1 AND status IN ('in-progress', 'disputed')`,
      [matchId, scores.a, scores.b, settledBy],
    );
  }

  /** A dispute left open past its deadline (or voided by ops): completed with no score, under the completion lock. */
  async markVoided(matchId: number, m: EntityManager, settledBy: 'voided' | 'ops-void' = 'voided'): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock($1)`, [COMPLETION_LOCK_KEY]);
    await m.query(`UPDATE matches SET status = 'completed', voided = true, completed_at = clock_timestamp(), settled_by = $2 WHERE id = $1 AND status = 'disputed'`, [
      matchId,
      settledBy,
    ]);
  }

  /** Before the start only (docs/matches.md#cancel-and-leave): the players stay listed, the code is free again. */
  async markCancelled(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE matches SET status = 'cancelled', cancelled_at = now() WHERE id = $1 AND status IN ('waiting', 'ready')`, [matchId]);
  }

  async removePlayer(matchId: number, userId: number, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM match_players WHERE match_id = $1 AND user_id = $2`, [matchId, userId]);
  }

  /** A slot opened again (a player left a full match). */
  async markWaiting(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE matches SET status = 'waiting' WHERE id = $1 AND status = 'ready'`, [matchId]);
  }

  /** The 72 h deadline passed with the dispute open: it goes to the ops' queue (docs/matches.md#moderation). */
  async markModeration(matchId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE matches SET moderation_since = now() WHERE id = $1 AND status = 'disputed' AND moderation_since IS NULL`, [matchId]);
  }

  /**
   * The user's open matches (docs/matches.md#my-matches), newest first, with what the list shows:
   * whether the user's side reported, the other players' names and the player count.
   */
  myOpenMatches(userId: number, m: EntityManager = this.db.manager): Promise<MyMatchRow[]> {
    return m.query(
      `SELECT mt.id, mt.code, mt.match_type, mt.scoring_type, mt.ranked, mt.status, mt.creator_id, mt.created_at, mt.league_id,
              mt.moderation_since IS NOT NULL AS in_moderation,
              EXISTS (SELECT 1 FROM match_reports r WHERE r.match_id = mt.id AND r.team = me.team AND r.kind = 'report') AS reported,
              (SELECT count(*)::int FROM match_players p WHERE p.match_id = mt.id) AS players,
              COALESCE((SELECT array_agg(${shownUsernameSql('u')} ORDER BY p.joined_at, p.user_id)
                          FROM match_players p JOIN users u ON u.id = p.user_id
                         WHERE p.match_id = mt.id AND p.user_id <> me.user_id), '{}') AS others
         FROM match_players me JOIN matches mt ON mt.id = me.match_id
        WHERE me.user_id = $1 AND mt.status IN ${OPEN_STATUSES_SQL}
        ORDER BY mt.created_at DESC, mt.id DESC`,
      [userId],
    );
  }

  /** Disputes waiting for ops, oldest in the queue first. */
  moderationQueue(m: EntityManager = this.db.manager): Promise<MatchEntity[]> {
    return m.find(MatchEntity, { where: { status: 'disputed', moderationSince: Not(IsNull()) }, order: { moderationSince: 'ASC', id: 'ASC' } });
  }

  /** Each player's dispute record: matches ever disputed, how many were voided, how many ops settled. */
  disputeRecords(userIds: number[], m: EntityManager = this.db.manager): Promise<{ user_id: number; disputes: number; voided: number; ops_settled: number }[]> {
    return m.query(
      `SELECT p.user_id,
              count(*) FILTER (WHERE mt.disputed_at IS NOT NULL)::int AS disputes,
              count(*) FILTER (WHERE mt.voided)::int AS voided,
              count(*) FILTER (WHERE mt.settled_by IN ('ops', 'ops-void'))::int AS ops_settled
         FROM match_players p JOIN matches mt ON mt.id = p.match_id
        WHERE p.user_id = ANY($1::int[])
        GROUP BY p.user_id`,
      [userIds],
    );
  }

  /** The overall-pool rating events of a match, one per rated player. */
  ratingEventsOf(matchId: number, m?: EntityManager): Promise<{ user_id: number; before: number; after: number }[]> {
    return this.hotRead(m, 'matches.rating-events-of', `SELECT user_id, before, after FROM rating_events WHERE match_id = $1 AND pool = 'overall'`, [matchId]);
  }

  /** A page of open matches (in progress or disputed) after id `after`, with their deadline clocks and PostgreSQL's now. */
  openMatchClocks(after: number, limit: number): Promise<OpenMatchClock[]> {
    return this.db.query(
      `SELECT m.id, m.status, m.started_at, m.disputed_at, m.moderation_since, m.second_reminder_at,
              (SELECT count(*)::int FROM match_reports r WHERE r.match_id = m.id AND r.kind = 'report') AS sides,
              now() AS now
         FROM matches m
        WHERE m.status IN ('in-progress', 'disputed') AND m.id > $1
        ORDER BY m.id
        LIMIT $2`,
      [after, limit],
    );
  }

  /** Whether `ms` have passed since `since`, by PostgreSQL's clock (the one the timestamps come from). */
  async elapsed(since: Date | null, ms: number, m: EntityManager = this.db.manager): Promise<boolean> {
    if (!since) return false;
    const rows: { due: boolean }[] = await m.query(`SELECT now() >= $1::timestamptz + ($2::bigint * interval '1 millisecond') AS due`, [since, ms]);
    return rows[0].due;
  }

  async reportsOf(matchId: number, kind: ReportKind, m?: EntityManager): Promise<{ A: TeamScores | null; B: TeamScores | null; rows: ReportRow[] }> {
    const rows = await this.hotRead<ReportRow>(
      m,
      'matches.reports-of',
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
