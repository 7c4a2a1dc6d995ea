import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { COURT_LIMITS, COURT_MSG, haversineMeters, isLatLng, normalizeCourtCode, type CheckInRequest, type CourtCodeResponse } from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { CourtsRepository } from './courts.repository';
import { CourtRunsRepository } from './court-runs.repository';
import { CourtAccess } from './court-access';
import { CourtCalls } from './court-calls';
import { codeMatches, currentCode, newSessionSecret } from './court-code';

/** Check-in with proof of presence, leaving, and the host's role and code (docs/courts.md#check-in). */
@Injectable()
export class CourtCheckinsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly courts: CourtsRepository,
    private readonly runs: CourtRunsRepository,
    private readonly access: CourtAccess,
    private readonly calls: CourtCalls,
  ) {}

  /**
   * The first player opens the run and hosts it; the others give the host's current code (or the
   * previous step's). A position, when the phone shares one, must be near the court. One court at a
   * time: a live check-in elsewhere is refused (an idle one there has ended first).
   */
  async checkIn(actorId: number, courtId: number, body: CheckInRequest): Promise<void> {
    const hasLat = body.lat !== undefined && body.lat !== null;
    const hasLng = body.lng !== undefined && body.lng !== null;
    if ((hasLat || hasLng) && !isLatLng(body.lat, body.lng)) throw new BadRequestException({ message: COURT_MSG.locationInvalid });
    await this.uow.run(async (tx) => {
      const court = await this.access.court(tx, courtId, actorId);
      if (hasLat && haversineMeters({ lat: body.lat!, lng: body.lng! }, court) > COURT_LIMITS.checkInRadiusM) throw new ForbiddenException({ message: COURT_MSG.tooFar });
      await this.endIdleCheckinElsewhere(tx, actorId, courtId);
      let session = await this.access.openRun(tx, court);
      const live = await this.runs.liveCheckin(actorId, tx.manager);
      if (live && live.court_id !== courtId) throw new ConflictException({ message: COURT_MSG.otherCourt });
      if (session && live && live.session_id === session.id) {
        await this.runs.touch(session.id, actorId, tx.manager);
        return;
      }
      if (!session) {
        session = await this.runs.insertSession(courtId, actorId, newSessionSecret(), tx.manager);
        if (session) {
          if (!(await this.runs.insertCheckin(session.id, courtId, actorId, tx.manager))) throw new ConflictException({ message: COURT_MSG.otherCourt });
          tx.emit('court.changed', { courtId });
          return;
        }
        // Another first check-in opened it a moment ago: this one needs its code like any other.
        session = (await this.runs.lockOpenSession(courtId, tx.manager))!;
      }
      const code = normalizeCourtCode(body.code);
      if (!code) throw new BadRequestException({ message: COURT_MSG.codeRequired });
      if (!codeMatches(session.secret, code)) throw new ForbiddenException({ message: COURT_MSG.codeWrong });
      if (!(await this.runs.insertCheckin(session.id, courtId, actorId, tx.manager))) throw new ConflictException({ message: COURT_MSG.otherCourt });
      tx.emit('court.changed', { courtId });
      // Two teams' worth here: a run is forming (the listener keeps it to one push per court per window).
      const headcount = (await this.runs.checkins(session.id, tx.manager)).length;
      if (court.status === 'approved' && headcount >= 2 * court.game_size) tx.emit('court.run-forming', { courtId, userId: actorId, headcount });
    });
  }

  /** A check-in idle past the limit at another court has ended: it is closed there first, under that run's lock. */
  private async endIdleCheckinElsewhere(tx: Tx, actorId: number, courtId: number): Promise<void> {
    const live = await this.runs.liveCheckin(actorId, tx.manager);
    if (!live || !live.stale || live.court_id === courtId) return;
    const other = await this.courts.find(live.court_id, tx.manager);
    const session = other ? await this.runs.lockOpenSession(other.id, tx.manager) : null;
    if (other && session) await this.calls.expireIdle(tx, other, session);
  }

  async leave(actorId: number, courtId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      const { court, session } = await this.access.runOf(tx, courtId, actorId);
      await this.runs.endCheckins(session.id, [actorId], tx.manager);
      await this.calls.afterDepartures(tx, court, session, [actorId]);
    });
  }

  async passHost(actorId: number, courtId: number, toUserId: number): Promise<string> {
    return this.uow.run(async (tx) => {
      const run = await this.access.runOf(tx, courtId, actorId);
      this.access.requireHost(run, actorId);
      const target = (await this.runs.checkins(run.session.id, tx.manager)).find((c) => c.user_id === toUserId);
      if (!target) throw new BadRequestException({ message: COURT_MSG.hostTargetNotHere });
      await this.runs.setHost(run.session.id, toUserId, tx.manager);
      tx.emit('court.changed', { courtId });
      return target.username;
    });
  }

  /** The host's current code. */
  async code(actorId: number, courtId: number): Promise<CourtCodeResponse> {
    return this.uow.run(async (tx) => {
      const run = await this.access.runOf(tx, courtId, actorId);
      this.access.requireHost(run, actorId);
      return currentCode(run.session.secret);
    });
  }
}
