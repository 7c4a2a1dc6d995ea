import { ConflictException, Injectable } from '@nestjs/common';
import { COURT_MSG, balancedSplit, type CourtConfirmResponse, type MatchType } from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { MatchLobbyService } from '../matches/match-lobby.service';
import { CourtRunsRepository, type CallRow } from './court-runs.repository';
import { CourtAccess, type LockedRun } from './court-access';
import { queueUnits } from './court-queue-units';

/**
 * "You're up: confirm" (docs/courts.md#calling-next): the last confirmation of a call splits the
 * players into the most even teams and creates their match through the match engine.
 */
@Injectable()
export class CourtLobbyService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly runs: CourtRunsRepository,
    private readonly access: CourtAccess,
    private readonly lobby: MatchLobbyService,
  ) {}

  async confirm(actorId: number, courtId: number): Promise<CourtConfirmResponse> {
    return this.uow.run(async (tx) => {
      const run = await this.access.runOf(tx, courtId, actorId);
      const call = await this.runs.pendingCall(run.session.id, tx.manager);
      const rows = await this.runs.queue(run.session.id, tx.manager);
      const mine = rows.find((r) => r.user_id === actorId);
      if (!call || !mine || mine.call_id !== call.id) {
        if (await this.runs.wasNoShow(run.session.id, actorId, tx.manager)) throw new ConflictException({ message: COURT_MSG.holdExpired });
        throw new ConflictException({ message: COURT_MSG.notCalled });
      }
      // Past the hold by the database clock: the job that skips them may not have run yet.
      if (!mine.confirmed && mine.hold_over) throw new ConflictException({ message: COURT_MSG.holdExpired });
      await this.runs.confirm(run.session.id, actorId, tx.manager);
      tx.emit('court.changed', { courtId });
      const called = rows.filter((r) => r.call_id === call.id);
      const allIn = called.length === 2 * run.court.game_size && called.every((r) => r.confirmed || r.user_id === actorId);
      if (!allIn) return { message: COURT_MSG.confirmed, match_id: null };
      const matchId = await this.createMatch(
        tx,
        run,
        call,
        called.map((r) => ({ ...r, confirmed: true })),
      );
      return { message: COURT_MSG.lobbyReady, match_id: matchId };
    });
  }

  private async createMatch(tx: Tx, run: LockedRun, call: CallRow, called: Parameters<typeof queueUnits>[0]): Promise<number> {
    const units = queueUnits(called);
    const userIds = called.map((r) => r.user_id);
    const facts = new Map((await this.runs.ratingFacts(userIds, tx.manager)).map((f) => [f.id, f]));
    const split = balancedSplit(
      units.map((u) => ({ players: u.rows.map((r) => ({ id: r.user_id, rating: facts.get(r.user_id)?.rating ?? 1500 })) })),
      run.court.game_size,
    );
    if (!split) throw new ConflictException({ message: COURT_MSG.notEnoughPlayers(2 * run.court.game_size) });
    const teamA = split.teamA.flatMap((i) => units[i].rows.map((r) => r.user_id));
    const teamB = split.teamB.flatMap((i) => units[i].rows.map((r) => r.user_id));
    const ranked = userIds.every((id) => facts.get(id)?.verified === true);
    const type = `${run.court.game_size}v${run.court.game_size}` as MatchType;
    const { id } = await this.lobby.createWithTeams(tx, { type, ranked, teamA, teamB });
    const stays = await this.runs.staysOf(
      units.flatMap((u) => (u.groupId === null ? [] : [u.groupId])),
      tx.manager,
    );
    const stayers = stays[0];
    await this.runs.insertGame(id, run.court.id, run.session.id, split.probabilityA, stayers?.stays ?? 0, stayers?.members ?? [], tx.manager);
    await this.runs.dequeue(run.session.id, userIds, tx.manager);
    for (const u of units) if (u.groupId !== null) await this.runs.deleteGroup(u.groupId, tx.manager);
    await this.runs.finishCall(call.id, 'done', id, tx.manager);
    tx.emit('court.lobby', { courtId: run.court.id, matchId: id, userIds });
    return id;
  }
}
