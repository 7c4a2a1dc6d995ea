import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { COURT_MSG } from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { CourtRunsRepository } from './court-runs.repository';
import { CourtAccess } from './court-access';
import { CourtCalls } from './court-calls';

/** Joining and leaving the queue, groups, and the host's call (docs/courts.md#the-queue). */
@Injectable()
export class CourtQueueService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly runs: CourtRunsRepository,
    private readonly access: CourtAccess,
    private readonly calls: CourtCalls,
  ) {}

  /** At the end of the queue: first come, first served. */
  async join(actorId: number, courtId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      const { session } = await this.access.runOf(tx, courtId, actorId);
      if (!(await this.runs.enqueue(session.id, actorId, tx.manager))) throw new ConflictException({ message: COURT_MSG.alreadyQueued });
      tx.emit('court.changed', { courtId });
    });
  }

  /** Out of the queue (and its group); a called player's place in the call goes to the next in line. */
  async leave(actorId: number, courtId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      const { court, session } = await this.access.runOf(tx, courtId, actorId);
      const mine = (await this.runs.queue(session.id, tx.manager)).find((r) => r.user_id === actorId);
      if (!mine) throw new ConflictException({ message: COURT_MSG.notQueued });
      await this.runs.dequeue(session.id, [actorId], tx.manager);
      await this.runs.leaveGroups(session.id, actorId, tx.manager);
      const call = await this.runs.pendingCall(session.id, tx.manager);
      if (call && mine.call_id === call.id) await this.calls.refill(tx, court, session, call);
      tx.emit('court.changed', { courtId });
    });
  }

  /**
   * The leader (in the queue) invites a checked-in player; the group, the leader included, is at
   * most one team. A block either way refuses the invite (docs/courts.md#the-queue).
   */
  async invite(actorId: number, courtId: number, inviteeId: number): Promise<void> {
    if (inviteeId === actorId) throw new BadRequestException({ message: COURT_MSG.groupInviteSelf });
    await this.uow.run(async (tx) => {
      const { court, session } = await this.access.runOf(tx, courtId, actorId);
      if (!(await this.runs.isCheckedIn(session.id, inviteeId, tx.manager))) throw new BadRequestException({ message: COURT_MSG.hostTargetNotHere });
      const mine = (await this.runs.queue(session.id, tx.manager)).find((r) => r.user_id === actorId);
      if (!mine) throw new ConflictException({ message: COURT_MSG.groupLeaderMustQueue });
      if (mine.call_id !== null) throw new ConflictException({ message: COURT_MSG.calledCantChange });
      const groups = await this.runs.groupMembers(session.id, tx.manager);
      if (groups.some((g) => g.user_id === inviteeId && g.accepted)) throw new ConflictException({ message: COURT_MSG.inviteeInGroup });
      const own = groups.find((g) => g.user_id === actorId && g.accepted);
      if (own && own.leader_id !== actorId) throw new ConflictException({ message: COURT_MSG.inOtherGroup });
      let groupId = own?.group_id;
      if (groupId === undefined) {
        groupId = await this.runs.insertGroup(session.id, actorId, tx.manager);
        await this.runs.moveToGroup(session.id, actorId, mine.seq, groupId, tx.manager);
      }
      const members = groups.filter((g) => g.group_id === groupId);
      if (members.some((g) => g.user_id === inviteeId)) return;
      // A block either way between the invitee and anyone in the group (docs/courts.md#the-queue).
      if (await this.runs.blockedWithAny(inviteeId, [actorId, ...members.map((g) => g.user_id)], tx.manager))
        throw new ForbiddenException({ message: COURT_MSG.groupInviteRefused });
      // Members and open invites together: a full group cannot be over-invited into.
      if (Math.max(members.length, 1) + 1 > court.game_size) throw new BadRequestException({ message: COURT_MSG.groupTooLarge(court.game_size) });
      await this.runs.invite(groupId, inviteeId, tx.manager);
      tx.emit('court.changed', { courtId });
    });
  }

  /** Accepting places the player at the group's place in the queue (the leader's); declining drops the invite. */
  async answer(actorId: number, courtId: number, groupId: number, accept: boolean): Promise<void> {
    await this.uow.run(async (tx) => {
      const { court, session } = await this.access.runOf(tx, courtId, actorId);
      const groups = await this.runs.groupMembers(session.id, tx.manager);
      const invite = groups.find((g) => g.group_id === groupId && g.user_id === actorId && !g.accepted);
      if (!invite) throw new NotFoundException({ message: COURT_MSG.inviteNotFound });
      if (!accept) {
        await this.runs.answerInvite(groupId, actorId, false, tx.manager);
        tx.emit('court.changed', { courtId });
        return;
      }
      if (groups.some((g) => g.user_id === actorId && g.accepted)) throw new ConflictException({ message: COURT_MSG.inviteeInGroup });
      const queue = await this.runs.queue(session.id, tx.manager);
      const leader = queue.find((r) => r.user_id === invite.leader_id);
      if (!leader || leader.call_id !== null) throw new NotFoundException({ message: COURT_MSG.inviteNotFound });
      const acceptedIds = groups.filter((g) => g.group_id === groupId && g.accepted).map((g) => g.user_id);
      // A block made since the invite, with anyone already in the group, still counts.
      if (await this.runs.blockedWithAny(actorId, acceptedIds, tx.manager)) throw new ForbiddenException({ message: COURT_MSG.groupInviteRefused });
      const accepted = acceptedIds.length;
      if (accepted + 1 > court.game_size) throw new BadRequestException({ message: COURT_MSG.groupTooLarge(court.game_size) });
      const mine = queue.find((r) => r.user_id === actorId);
      if (mine?.call_id != null) throw new ConflictException({ message: COURT_MSG.calledCantChange });
      await this.runs.answerInvite(groupId, actorId, true, tx.manager);
      if (mine) await this.runs.moveToGroup(session.id, actorId, leader.seq, groupId, tx.manager);
      else await this.runs.enqueue(session.id, actorId, tx.manager, { seq: leader.seq, groupId });
      tx.emit('court.changed', { courtId });
    });
  }

  /** The host ends a game on court without a report; the court moves on (docs/courts.md#ending-a-game). */
  async endGame(actorId: number, courtId: number, matchId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      const run = await this.access.runOf(tx, courtId, actorId);
      if (run.session.host_id !== actorId) throw new ForbiddenException({ message: COURT_MSG.endGameNotHost });
      await this.calls.endGameByHost(tx, run.court, run.session, matchId);
    });
  }

  /** The host calls the next game. */
  async callNext(actorId: number, courtId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      const run = await this.access.runOf(tx, courtId, actorId);
      this.access.requireHost(run, actorId);
      await this.calls.callNext(tx, run.court, run.session);
    });
  }
}
