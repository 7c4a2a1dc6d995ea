import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { COURT_LIMITS, COURT_MSG, pickNextUnits } from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { CourtsRepository, type CourtRow } from './courts.repository';
import { CourtRunsRepository, type CallRow, type SessionRow } from './court-runs.repository';
import { queueUnits } from './court-queue-units';

/**
 * Calling the next game and keeping the call filled (docs/courts.md#calling-next), in both
 * processes: the API calls on the host's tap, the worker when a hold runs out, and whichever
 * settles a court's match when its game ends. Every method runs under the session lock its
 * caller took first (CourtRunsRepository.lockOpenSession).
 */
@Injectable()
export class CourtCalls {
  private readonly logger = new Logger('CourtCalls');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly courts: CourtsRepository,
    private readonly runs: CourtRunsRepository,
  ) {}

  /** Takes the next places that fill two teams; refused while a call is pending or the queue is short. */
  async callNext(tx: Tx, court: CourtRow, session: SessionRow): Promise<void> {
    if (await this.runs.pendingCall(session.id, tx.manager)) throw new ConflictException({ message: COURT_MSG.callPending });
    if (!(await this.startCall(tx, court, session))) throw new ConflictException({ message: COURT_MSG.notEnoughPlayers(2 * court.game_size) });
  }

  /** A call when the queue can fill one and none is pending; false otherwise. */
  async startCall(tx: Tx, court: CourtRow, session: SessionRow): Promise<boolean> {
    const units = queueUnits((await this.runs.queue(session.id, tx.manager)).filter((r) => r.call_id === null));
    const picked = pickNextUnits(
      units.map((u) => u.rows.length),
      court.game_size,
    );
    if (!picked) return false;
    const callId = await this.runs.insertCall(session.id, tx.manager);
    const userIds = picked.flatMap((i) => units[i].rows.map((r) => r.user_id));
    await this.call(tx, court, session, callId, 1, userIds);
    return true;
  }

  private async call(tx: Tx, court: CourtRow, session: SessionRow, callId: number, round: number, userIds: number[]): Promise<void> {
    await this.runs.markCalled(session.id, callId, userIds, tx.manager);
    const holdExpiresAt = new Date(Date.now() + COURT_LIMITS.holdSeconds * 1000).toISOString();
    tx.emit('court.called', { courtId: court.id, callId, round, userIds, holdExpiresAt });
    tx.emit('court.changed', { courtId: court.id });
  }

  /**
   * Fills the places a call lost (a no-show, a player who left) from the waiting queue, keeping
   * the ones still called; when the queue cannot, the call ends and everyone in it waits again
   * at their own place.
   */
  async refill(tx: Tx, court: CourtRow, session: SessionRow, call: CallRow): Promise<void> {
    const rows = await this.runs.queue(session.id, tx.manager);
    const inCall = queueUnits(rows.filter((r) => r.call_id === call.id));
    const size = inCall.reduce((n, u) => n + u.rows.length, 0);
    if (size === 2 * court.game_size) return;
    const waiting = queueUnits(rows.filter((r) => r.call_id === null));
    const picked = pickNextUnits(
      waiting.map((u) => u.rows.length),
      court.game_size,
      inCall.map((u) => u.rows.length),
    );
    if (!picked) {
      await this.runs.uncall(session.id, call.id, tx.manager);
      await this.runs.finishCall(call.id, 'cancelled', null, tx.manager);
      tx.emit('court.changed', { courtId: court.id });
      return;
    }
    const round = await this.runs.nextRound(call.id, tx.manager);
    await this.call(
      tx,
      court,
      session,
      call.id,
      round,
      picked.flatMap((i) => waiting[i].rows.map((r) => r.user_id)),
    );
  }

  /**
   * The `court-holds` job: called players of the call whose hold ran out (by the database clock)
   * and who did not confirm go to the end of the queue as no-shows, and the next ones are called.
   */
  async holdOver(callId: number): Promise<'skipped' | 'nothing'> {
    return this.uow.run(
      async (tx) => {
        const found = await this.runs.callById(callId, tx.manager);
        if (!found) return 'nothing';
        const session = await this.sessionOfCall(tx, found.session_id);
        if (!session) return 'nothing';
        const call = await this.runs.pendingCall(session.id, tx.manager);
        if (!call || call.id !== callId) return 'nothing';
        const late = (await this.runs.queue(session.id, tx.manager)).filter((r) => r.call_id === callId && !r.confirmed && r.hold_over).map((r) => r.user_id);
        if (!late.length) return 'nothing';
        const court = (await this.courts.find(session.court_id, tx.manager))!;
        await this.runs.toBack(session.id, late, tx.manager);
        await this.runs.recordNoShows(court.id, callId, late, tx.manager);
        await this.refill(tx, court, session, call);
        tx.emit('court.changed', { courtId: court.id });
        return 'skipped';
      },
      { afterCommitFailure: 'throw' },
    );
  }

  private async sessionOfCall(tx: Tx, sessionId: number): Promise<SessionRow | null> {
    const courtId = await this.runs.courtOfSession(sessionId, tx.manager);
    if (courtId === null) return null;
    const open = await this.runs.lockOpenSession(courtId, tx.manager);
    return open && open.id === sessionId ? open : null;
  }

  /**
   * After players left (or went idle): a departed host passes the role to the longest checked-in
   * player, an empty run ends, and a call that lost players is filled again.
   */
  async afterDepartures(tx: Tx, court: CourtRow, session: SessionRow, departed: number[]): Promise<void> {
    const left = await this.runs.checkins(session.id, tx.manager);
    if (!left.length) {
      await this.runs.endSession(session.id, tx.manager);
      tx.emit('court.changed', { courtId: court.id });
      return;
    }
    if (departed.includes(session.host_id)) {
      await this.runs.setHost(session.id, left[0].user_id, tx.manager);
      session.host_id = left[0].user_id;
    }
    const call = await this.runs.pendingCall(session.id, tx.manager);
    if (call) await this.refill(tx, court, session, call);
    tx.emit('court.changed', { courtId: court.id });
  }

  /** A deleted account leaves the court it was checked in at, as if it had left (docs/courts.md#check-in). */
  async removeDeletedPlayer(userId: number): Promise<void> {
    const live = await this.runs.liveCheckin(userId);
    if (!live) return;
    await this.uow.run(async (tx) => {
      const session = await this.runs.lockOpenSession(live.court_id, tx.manager);
      if (!session || session.id !== live.session_id) return;
      const court = (await this.courts.find(live.court_id, tx.manager))!;
      await this.runs.endCheckins(session.id, [userId], tx.manager);
      await this.afterDepartures(tx, court, session, [userId]);
    });
  }

  /** Ends the check-ins of players idle past the limit (docs/courts.md#check-in). */
  async expireIdle(tx: Tx, court: CourtRow, session: SessionRow): Promise<void> {
    const idle = await this.runs.staleCheckins(session.id, tx.manager);
    if (!idle.length) return;
    await this.runs.endCheckins(session.id, idle, tx.manager);
    await this.afterDepartures(tx, court, session, idle);
  }

  /**
   * A court game ended (docs/courts.md#winner-stays-on): with winner-stays-on, the winners wait
   * at the front of the queue as one group until they have won the court's limit in a row; then
   * the next game is called when the queue can fill one.
   */
  async gameEnded(matchId: number, voided: boolean): Promise<void> {
    const game = await this.runs.gameOf(matchId);
    if (!game) return;
    await this.uow.run(async (tx) => {
      const session = await this.runs.lockOpenSession(game.court_id, tx.manager);
      if (!session || session.id !== game.session_id) return;
      // Ended by its host already (docs/courts.md#ending-a-game), or this completion seen before.
      if (!(await this.runs.endGame(matchId, session.id, false, tx.manager))) return;
      const court = (await this.courts.find(game.court_id, tx.manager))!;
      if (!voided && court.winner_stays > 0) await this.keepWinners(tx, court, session, matchId, game.streak, game.stayers);
      if (!(await this.runs.pendingCall(session.id, tx.manager))) await this.startCall(tx, court, session);
      tx.emit('court.changed', { courtId: court.id });
    });
  }

  /**
   * The host ends a game on court without a report (docs/courts.md#ending-a-game): the court stops
   * waiting for it and calls the next game when the queue can fill one. Nobody stays on (there is
   * no winner); the match itself keeps its own report flow and deadlines.
   */
  async endGameByHost(tx: Tx, court: CourtRow, session: SessionRow, matchId: number): Promise<void> {
    if (!(await this.runs.endGame(matchId, session.id, true, tx.manager))) throw new ConflictException({ message: COURT_MSG.gameNotOnCourt });
    if (!(await this.runs.pendingCall(session.id, tx.manager))) await this.startCall(tx, court, session);
    tx.emit('court.changed', { courtId: court.id });
  }

  private async keepWinners(tx: Tx, court: CourtRow, session: SessionRow, matchId: number, streak: number, stayers: number[]): Promise<void> {
    const r = await this.runs.matchResult(matchId, tx.manager);
    if (!r || r.team_a_score === null || r.team_b_score === null || r.team_a_score === r.team_b_score) return;
    const side = r.team_a_score > r.team_b_score ? 'A' : 'B';
    const winners = r.players.filter((p) => p.team === side).map((p) => p.user_id);
    const wonInARow = stayers.length && stayers.every((id) => winners.includes(id)) ? streak + 1 : 1;
    if (wonInARow > court.winner_stays) return;
    const present = new Set((await this.runs.checkins(session.id, tx.manager)).map((c) => c.user_id));
    const staying = winners.filter((id) => present.has(id));
    if (!staying.length) return;
    const groupId = await this.runs.insertGroup(session.id, staying[0], tx.manager);
    await this.runs.setStays(groupId, wonInARow, staying, tx.manager);
    await this.runs.toFront(session.id, staying, groupId, tx.manager);
    this.logger.log(`court ${court.id}: winners of match ${matchId} stay on (${wonInARow} in a row)`);
  }
}
