import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { COURT_LIMITS, type CourtGame, type CourtPlayer } from '@gotnext/shared';

export interface SessionRow {
  id: number;
  court_id: number;
  host_id: number;
  secret: Buffer;
  started_at: Date;
}

export interface CheckinRow {
  user_id: number;
  username: string;
  checked_in_at: Date;
}

export interface QueueRow {
  user_id: number;
  username: string;
  seq: string;
  group_id: number | null;
  call_id: number | null;
  hold_expires_at: Date | null;
  confirmed: boolean;
  /** Whether the hold has run out, by the database clock. */
  hold_over: boolean;
}

export interface CallRow {
  id: number;
  session_id: number;
  round: number;
  status: 'pending' | 'done' | 'cancelled';
  match_id: number | null;
}

export interface GroupMemberRow {
  group_id: number;
  leader_id: number;
  user_id: number;
  username: string;
  accepted: boolean;
}

export interface MatchResultRow {
  team_a_score: number | null;
  team_b_score: number | null;
  players: { user_id: number; team: string }[];
}

const INACTIVE = `interval '${COURT_LIMITS.inactivityMinutes} minutes'`;
const HOLD = `interval '${COURT_LIMITS.holdSeconds} seconds'`;

/**
 * Every statement on a court's runs: sessions, check-ins, groups, the queue, calls, the games made
 * and no-shows (docs/courts.md). Writes that players race on run under the session row's lock
 * (`lockOpenSession`), taken first in each transaction.
 */
@Injectable()
export class CourtRunsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The court's open session, locked (FOR UPDATE) for the rest of the transaction. */
  async lockOpenSession(courtId: number, m: EntityManager): Promise<SessionRow | null> {
    const rows: SessionRow[] = await m.query(`SELECT id, court_id, host_id, secret, started_at FROM court_sessions WHERE court_id = $1 AND ended_at IS NULL FOR UPDATE`, [courtId]);
    return rows[0] ?? null;
  }

  async openSession(courtId: number, m: EntityManager = this.db.manager): Promise<SessionRow | null> {
    const rows: SessionRow[] = await m.query(`SELECT id, court_id, host_id, secret, started_at FROM court_sessions WHERE court_id = $1 AND ended_at IS NULL`, [courtId]);
    return rows[0] ?? null;
  }

  /** Opens a session with `hostId` as host; null when another opened one first (the partial unique index). */
  async insertSession(courtId: number, hostId: number, secret: Buffer, m: EntityManager): Promise<SessionRow | null> {
    const rows: SessionRow[] = await m.query(
      `INSERT INTO court_sessions (court_id, host_id, secret) VALUES ($1, $2, $3) ON CONFLICT (court_id) WHERE ended_at IS NULL DO NOTHING
       RETURNING id, court_id, host_id, secret, started_at`,
      [courtId, hostId, secret],
    );
    return rows[0] ?? null;
  }

  async endSession(sessionId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE court_sessions SET ended_at = now() WHERE id = $1`, [sessionId]);
    await m.query(`UPDATE court_calls SET status = 'cancelled' WHERE session_id = $1 AND status = 'pending'`, [sessionId]);
    await m.query(`DELETE FROM court_queue WHERE session_id = $1`, [sessionId]);
    await m.query(`DELETE FROM court_groups WHERE session_id = $1`, [sessionId]);
  }

  /** The court a session (open or ended) belongs to; null when there is no such session. */
  async courtOfSession(sessionId: number, m: EntityManager): Promise<number | null> {
    const rows: { court_id: number }[] = await m.query(`SELECT court_id FROM court_sessions WHERE id = $1`, [sessionId]);
    return rows[0]?.court_id ?? null;
  }

  async setHost(sessionId: number, userId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE court_sessions SET host_id = $2 WHERE id = $1`, [sessionId, userId]);
  }

  /** The player's live check-in anywhere (at most one, by the partial unique index). */
  async liveCheckin(userId: number, m: EntityManager = this.db.manager): Promise<{ session_id: number; court_id: number; stale: boolean } | null> {
    const rows: { session_id: number; court_id: number; stale: boolean }[] = await m.query(
      `SELECT session_id, court_id, last_seen_at <= now() - ${INACTIVE} AS stale FROM court_checkins WHERE user_id = $1 AND left_at IS NULL`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** False when the player is checked in somewhere already (the unique index decides a race). */
  async insertCheckin(sessionId: number, courtId: number, userId: number, m: EntityManager): Promise<boolean> {
    const rows = await m.query(
      `INSERT INTO court_checkins (session_id, court_id, user_id) VALUES ($1, $2, $3) ON CONFLICT (user_id) WHERE left_at IS NULL DO NOTHING RETURNING id`,
      [sessionId, courtId, userId],
    );
    return rows.length > 0;
  }

  /** Ends check-ins; the players' queue places and groups at that session go with them. */
  async endCheckins(sessionId: number, userIds: number[], m: EntityManager): Promise<void> {
    if (!userIds.length) return;
    await m.query(`UPDATE court_checkins SET left_at = now() WHERE session_id = $1 AND user_id = ANY($2) AND left_at IS NULL`, [sessionId, userIds]);
    await m.query(`DELETE FROM court_queue WHERE session_id = $1 AND user_id = ANY($2)`, [sessionId, userIds]);
    await m.query(`DELETE FROM court_group_members gm USING court_groups g WHERE g.id = gm.group_id AND g.session_id = $1 AND gm.user_id = ANY($2)`, [sessionId, userIds]);
    await m.query(`DELETE FROM court_groups WHERE session_id = $1 AND leader_id = ANY($2)`, [sessionId, userIds]);
  }

  /** Players of the session idle past the inactivity limit (docs/courts.md#check-in). */
  async staleCheckins(sessionId: number, m: EntityManager): Promise<number[]> {
    const rows: { user_id: number }[] = await m.query(`SELECT user_id FROM court_checkins WHERE session_id = $1 AND left_at IS NULL AND last_seen_at <= now() - ${INACTIVE}`, [
      sessionId,
    ]);
    return rows.map((r) => r.user_id);
  }

  /** Keeps a check-in alive; written at most once a minute per player. */
  async touch(sessionId: number, userId: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(
      `UPDATE court_checkins SET last_seen_at = now() WHERE session_id = $1 AND user_id = $2 AND left_at IS NULL AND last_seen_at < now() - interval '1 minute' AND last_seen_at > now() - ${INACTIVE}`,
      [sessionId, userId],
    );
  }

  /** Live check-ins, longest first. */
  checkins(sessionId: number, m: EntityManager = this.db.manager): Promise<CheckinRow[]> {
    return m.query(
      `SELECT k.user_id, u.username, k.checked_in_at FROM court_checkins k JOIN users u ON u.id = k.user_id
        WHERE k.session_id = $1 AND k.left_at IS NULL AND k.last_seen_at > now() - ${INACTIVE} ORDER BY k.checked_in_at, k.user_id`,
      [sessionId],
    );
  }

  async isCheckedIn(sessionId: number, userId: number, m: EntityManager): Promise<boolean> {
    const rows = await m.query(`SELECT 1 FROM court_checkins WHERE session_id = $1 AND user_id = $2 AND left_at IS NULL AND last_seen_at > now() - ${INACTIVE}`, [
      sessionId,
      userId,
    ]);
    return rows.length > 0;
  }

  // The queue

  /** In queue order: seq, then the user id (a group shares its seq). */
  queue(sessionId: number, m: EntityManager = this.db.manager): Promise<QueueRow[]> {
    return m.query(
      `SELECT q.user_id, u.username, q.seq, q.group_id, q.call_id, q.hold_expires_at, q.confirmed, (q.hold_expires_at IS NOT NULL AND q.hold_expires_at <= now()) AS hold_over
         FROM court_queue q JOIN users u ON u.id = q.user_id WHERE q.session_id = $1 ORDER BY q.seq, q.joined_at, q.user_id`,
      [sessionId],
    );
  }

  /** At the end of the queue (or at `seq`, a group's place); false when already in it. */
  async enqueue(sessionId: number, userId: number, m: EntityManager, place?: { seq: string; groupId: number }): Promise<boolean> {
    const rows = await m.query(
      `INSERT INTO court_queue (session_id, user_id, seq, group_id) VALUES ($1, $2, COALESCE($3::bigint, nextval('court_queue_seq')), $4)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [sessionId, userId, place?.seq ?? null, place?.groupId ?? null],
    );
    return rows.length > 0;
  }

  async dequeue(sessionId: number, userIds: number[], m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM court_queue WHERE session_id = $1 AND user_id = ANY($2)`, [sessionId, userIds]);
  }

  /** Into a group's place (a member who accepted and was queued alone moves up to the group). */
  async moveToGroup(sessionId: number, userId: number, seq: string, groupId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE court_queue SET seq = $3, group_id = $4 WHERE session_id = $1 AND user_id = $2`, [sessionId, userId, seq, groupId]);
  }

  /** To the end of the queue, alone, out of any call (a no-show). */
  async toBack(sessionId: number, userIds: number[], m: EntityManager): Promise<void> {
    if (!userIds.length) return;
    await m.query(
      `UPDATE court_queue SET seq = nextval('court_queue_seq'), group_id = NULL, call_id = NULL, hold_expires_at = NULL, confirmed = false WHERE session_id = $1 AND user_id = ANY($2)`,
      [sessionId, userIds],
    );
    await m.query(`DELETE FROM court_group_members gm USING court_groups g WHERE g.id = gm.group_id AND g.session_id = $1 AND gm.user_id = ANY($2)`, [sessionId, userIds]);
  }

  /** At the front, as one group (winners staying on). */
  async toFront(sessionId: number, userIds: number[], groupId: number | null, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO court_queue (session_id, user_id, seq, group_id)
       SELECT $1, u, (SELECT COALESCE(min(seq), 1) - 1 FROM court_queue WHERE session_id = $1), $3 FROM unnest($2::int[]) AS u
       ON CONFLICT (session_id, user_id) DO UPDATE SET seq = EXCLUDED.seq, group_id = EXCLUDED.group_id`,
      [sessionId, userIds, groupId],
    );
  }

  async markCalled(sessionId: number, callId: number, userIds: number[], m: EntityManager): Promise<void> {
    await m.query(`UPDATE court_queue SET call_id = $2, hold_expires_at = now() + ${HOLD}, confirmed = false WHERE session_id = $1 AND user_id = ANY($3)`, [
      sessionId,
      callId,
      userIds,
    ]);
  }

  async confirm(sessionId: number, userId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE court_queue SET confirmed = true, hold_expires_at = NULL WHERE session_id = $1 AND user_id = $2`, [sessionId, userId]);
  }

  /** Back to waiting at their own places (a call that could not be filled). */
  async uncall(sessionId: number, callId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE court_queue SET call_id = NULL, hold_expires_at = NULL, confirmed = false WHERE session_id = $1 AND call_id = $2`, [sessionId, callId]);
  }

  // Calls

  /** The pending call; null when none. Read under the session lock. */
  async pendingCall(sessionId: number, m: EntityManager = this.db.manager): Promise<CallRow | null> {
    const rows: CallRow[] = await m.query(`SELECT id, session_id, round, status, match_id FROM court_calls WHERE session_id = $1 AND status = 'pending'`, [sessionId]);
    return rows[0] ?? null;
  }

  async insertCall(sessionId: number, m: EntityManager): Promise<number> {
    const rows: { id: number }[] = await m.query(`INSERT INTO court_calls (session_id) VALUES ($1) RETURNING id`, [sessionId]);
    return rows[0].id;
  }

  async nextRound(callId: number, m: EntityManager): Promise<number> {
    // TypeORM answers an UPDATE on PostgreSQL with [rows, count].
    const [rows]: [{ round: number }[], number] = await m.query(`UPDATE court_calls SET round = round + 1 WHERE id = $1 RETURNING round`, [callId]);
    return rows[0].round;
  }

  async finishCall(callId: number, status: 'done' | 'cancelled', matchId: number | null, m: EntityManager): Promise<void> {
    await m.query(`UPDATE court_calls SET status = $2, match_id = $3 WHERE id = $1`, [callId, status, matchId]);
  }

  async callById(callId: number, m: EntityManager): Promise<CallRow | null> {
    const rows: CallRow[] = await m.query(`SELECT id, session_id, round, status, match_id FROM court_calls WHERE id = $1`, [callId]);
    return rows[0] ?? null;
  }

  /** Skipped as a no-show at this run in the last few minutes (a late confirmation is told why). */
  async wasNoShow(sessionId: number, userId: number, m: EntityManager): Promise<boolean> {
    const rows = await m.query(
      `SELECT 1 FROM court_no_shows n JOIN court_calls c ON c.id = n.call_id WHERE c.session_id = $1 AND n.user_id = $2 AND n.created_at > now() - interval '10 minutes'`,
      [sessionId, userId],
    );
    return rows.length > 0;
  }

  async recordNoShows(courtId: number, callId: number, userIds: number[], m: EntityManager): Promise<void> {
    await m.query(`INSERT INTO court_no_shows (court_id, user_id, call_id) SELECT $1, unnest($3::int[]), $2 ON CONFLICT DO NOTHING`, [courtId, callId, userIds]);
  }

  // Groups

  /** Groups of the session with their members (leader first). */
  groupMembers(sessionId: number, m: EntityManager = this.db.manager): Promise<GroupMemberRow[]> {
    return m.query(
      `SELECT g.id AS group_id, g.leader_id, gm.user_id, u.username, gm.accepted
         FROM court_groups g JOIN court_group_members gm ON gm.group_id = g.id JOIN users u ON u.id = gm.user_id
        WHERE g.session_id = $1 ORDER BY g.id, (gm.user_id = g.leader_id) DESC, gm.invited_at, gm.user_id`,
      [sessionId],
    );
  }

  async insertGroup(sessionId: number, leaderId: number, m: EntityManager): Promise<number> {
    const rows: { id: number }[] = await m.query(`INSERT INTO court_groups (session_id, leader_id) VALUES ($1, $2) RETURNING id`, [sessionId, leaderId]);
    await m.query(`INSERT INTO court_group_members (group_id, user_id, accepted) VALUES ($1, $2, true)`, [rows[0].id, leaderId]);
    return rows[0].id;
  }

  /** Out of any group of the session: a leader's group ends (its members keep their place, alone). */
  async leaveGroups(sessionId: number, userId: number, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM court_groups WHERE session_id = $1 AND leader_id = $2`, [sessionId, userId]);
    await m.query(`DELETE FROM court_group_members gm USING court_groups g WHERE g.id = gm.group_id AND g.session_id = $1 AND gm.user_id = $2`, [sessionId, userId]);
    await m.query(`UPDATE court_queue SET group_id = NULL WHERE session_id = $1 AND user_id = $2`, [sessionId, userId]);
  }

  /** A group of winners staying on: every member in at once, and their streak. */
  async setStays(groupId: number, stays: number, members: number[], m: EntityManager): Promise<void> {
    await m.query(`UPDATE court_groups SET stays = $2 WHERE id = $1`, [groupId, stays]);
    // Out of any group they were in, then into this one.
    await m.query(
      `DELETE FROM court_group_members WHERE user_id = ANY($2) AND group_id <> $1 AND group_id IN (SELECT id FROM court_groups WHERE session_id = (SELECT session_id FROM court_groups WHERE id = $1))`,
      [groupId, members],
    );
    await m.query(`INSERT INTO court_group_members (group_id, user_id, accepted) SELECT $1, unnest($2::int[]), true ON CONFLICT DO NOTHING`, [groupId, members]);
  }

  /** The winners' streak of the groups among these players (0 when none stays on). */
  async staysOf(groupIds: number[], m: EntityManager): Promise<{ group_id: number; stays: number; members: number[] }[]> {
    if (!groupIds.length) return [];
    return m.query(
      `SELECT g.id AS group_id, g.stays, array_agg(gm.user_id) AS members FROM court_groups g JOIN court_group_members gm ON gm.group_id = g.id
        WHERE g.id = ANY($1) AND g.stays > 0 GROUP BY g.id`,
      [groupIds],
    );
  }

  async deleteGroup(groupId: number, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM court_groups WHERE id = $1`, [groupId]);
  }

  async invite(groupId: number, userId: number, m: EntityManager): Promise<void> {
    await m.query(`INSERT INTO court_group_members (group_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [groupId, userId]);
  }

  async answerInvite(groupId: number, userId: number, accept: boolean, m: EntityManager): Promise<void> {
    await m.query(
      accept ? `UPDATE court_group_members SET accepted = true WHERE group_id = $1 AND user_id = $2` : `DELETE FROM court_group_members WHERE group_id = $1 AND user_id = $2`,
      [groupId, userId],
    );
  }

  /** Whether a block stands, either way, between `userId` and any of `others`. */
  async blockedWithAny(userId: number, others: number[], m: EntityManager): Promise<boolean> {
    const rows = await m.query(`SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = ANY($2)) OR (blocked_id = $1 AND blocker_id = ANY($2)) LIMIT 1`, [userId, others]);
    return rows.length > 0;
  }

  // Games

  /** `streak`, `stayers`: the winners staying on in this game and how many they had won in a row. */
  async insertGame(matchId: number, courtId: number, sessionId: number, winProbability: number, streak: number, stayers: number[], m: EntityManager): Promise<void> {
    await m.query(`INSERT INTO court_games (match_id, court_id, session_id, win_probability, streak, stayers) VALUES ($1, $2, $3, $4, $5, $6)`, [
      matchId,
      courtId,
      sessionId,
      winProbability,
      streak,
      stayers,
    ]);
  }

  /**
   * The court stops waiting for a game of this session: its match completed, or its host ended it
   * (docs/courts.md#ending-a-game). `open`: only while its match is not finished (the host's end).
   * False when the court had already moved on from it, so a game moves the court on once.
   */
  async endGame(matchId: number, sessionId: number, open: boolean, m: EntityManager): Promise<boolean> {
    const [rows]: [unknown[], number] = await m.query(
      `UPDATE court_games g SET ended_at = now() FROM matches x
        WHERE g.match_id = $1 AND g.session_id = $2 AND g.ended_at IS NULL AND x.id = g.match_id AND (NOT $3 OR x.status NOT IN ('completed', 'cancelled'))
        RETURNING g.match_id`,
      [matchId, sessionId, open],
    );
    return rows.length > 0;
  }

  async gameOf(matchId: number, m: EntityManager = this.db.manager): Promise<{ court_id: number; session_id: number; streak: number; stayers: number[] } | null> {
    const rows: { court_id: number; session_id: number; streak: number; stayers: number[] }[] = await m.query(
      `SELECT court_id, session_id, streak, stayers FROM court_games WHERE match_id = $1`,
      [matchId],
    );
    return rows[0] ?? null;
  }

  /** A court match's scores and who played on which team (winner-stays-on reads who won). */
  async matchResult(matchId: number, m: EntityManager): Promise<MatchResultRow | null> {
    const rows: MatchResultRow[] = await m.query(
      `SELECT x.team_a_score, x.team_b_score, (SELECT json_agg(json_build_object('user_id', p.user_id, 'team', p.team)) FROM match_players p WHERE p.match_id = x.id) AS players
         FROM matches x WHERE x.id = $1`,
      [matchId],
    );
    return rows[0] ?? null;
  }

  /** The internal overall ratings (1500 for a player without one) and whether each is verified. */
  async ratingFacts(userIds: number[], m: EntityManager): Promise<{ id: number; rating: number; verified: boolean }[]> {
    return m.query(
      `SELECT u.id, COALESCE(r.rating, 1500)::float8 AS rating, (u.email_verified AND u.id_verified) AS verified
         FROM users u LEFT JOIN ratings r ON r.user_id = u.id AND r.pool = 'overall' WHERE u.id = ANY($1)`,
      [userIds],
    );
  }

  /** Games made at the court since midnight UTC, newest first, with their teams and scores. */
  async gamesToday(courtId: number, m: EntityManager = this.db.manager): Promise<CourtGame[]> {
    const rows: (Omit<CourtGame, 'team_a' | 'team_b' | 'created_at'> & { created_at: Date; players: (CourtPlayer & { team: string })[] })[] = await m.query(
      `SELECT g.match_id, x.match_type, x.status, x.ranked, g.created_at, g.win_probability, x.team_a_score, x.team_b_score,
              (g.ended_at IS NULL AND x.status NOT IN ('completed', 'cancelled')
                AND EXISTS (SELECT 1 FROM court_sessions s WHERE s.id = g.session_id AND s.ended_at IS NULL)) AS on_court,
              (SELECT json_agg(json_build_object('user_id', p.user_id, 'username', u.username, 'team', p.team) ORDER BY p.joined_at, p.user_id)
                 FROM match_players p JOIN users u ON u.id = p.user_id WHERE p.match_id = g.match_id) AS players
         FROM court_games g JOIN matches x ON x.id = g.match_id
        WHERE g.court_id = $1 AND g.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        ORDER BY g.created_at DESC LIMIT 50`,
      [courtId],
    );
    return rows.map(({ players, created_at, ...g }) => ({
      ...g,
      created_at: new Date(created_at).toISOString(),
      team_a: (players ?? []).filter((p) => p.team === 'A').map(({ user_id, username }) => ({ user_id, username })),
      team_b: (players ?? []).filter((p) => p.team === 'B').map(({ user_id, username }) => ({ user_id, username })),
    }));
  }

  /** The open match a player's last call made at this session, if still open. */
  async openLobbyOf(sessionId: number, userId: number, m: EntityManager = this.db.manager): Promise<number | null> {
    const rows: { id: number }[] = await m.query(
      `SELECT x.id FROM court_games g JOIN matches x ON x.id = g.match_id JOIN match_players p ON p.match_id = x.id AND p.user_id = $2
        WHERE g.session_id = $1 AND x.status IN ('waiting', 'ready', 'in-progress') ORDER BY g.created_at DESC LIMIT 1`,
      [sessionId, userId],
    );
    return rows[0]?.id ?? null;
  }
}
