import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { COURT_MSG } from '@gotnext/shared';
import type { Tx } from '../database/unit-of-work';
import { CourtsRepository, type CourtRow } from './courts.repository';
import { CourtRunsRepository, type SessionRow } from './court-runs.repository';
import { CourtCalls } from './court-calls';

/** The court's run as a write sees it: the court, and its open session locked, idle check-ins ended. */
export interface LockedRun {
  court: CourtRow;
  session: SessionRow;
}

/** The start of every write on a court's run: who may see the court, the session lock, lazy expiry. */
@Injectable()
export class CourtAccess {
  constructor(
    private readonly courts: CourtsRepository,
    private readonly runs: CourtRunsRepository,
    private readonly calls: CourtCalls,
  ) {}

  /** The court if `viewerId` may see it and it is open for runs (not removed). */
  async court(tx: Tx, courtId: number, viewerId: number): Promise<CourtRow> {
    const court = await this.courts.find(courtId, tx.manager);
    if (!court || court.status === 'removed' || (court.status === 'pending' && court.creator_id !== viewerId)) throw new NotFoundException({ message: COURT_MSG.courtNotFound });
    return court;
  }

  /** The open session, locked, idle players gone; null when no run is open. */
  async openRun(tx: Tx, court: CourtRow): Promise<SessionRow | null> {
    const session = await this.runs.lockOpenSession(court.id, tx.manager);
    if (!session) return null;
    await this.calls.expireIdle(tx, court, session);
    return await this.runs.lockOpenSession(court.id, tx.manager);
  }

  /** The run where the actor is checked in; 403 otherwise. */
  async runOf(tx: Tx, courtId: number, actorId: number): Promise<LockedRun> {
    const court = await this.court(tx, courtId, actorId);
    const session = await this.openRun(tx, court);
    if (!session || !(await this.runs.isCheckedIn(session.id, actorId, tx.manager))) throw new ForbiddenException({ message: COURT_MSG.notCheckedIn });
    await this.runs.touch(session.id, actorId, tx.manager);
    return { court, session };
  }

  requireHost(run: LockedRun, actorId: number): void {
    if (run.session.host_id !== actorId) throw new ForbiddenException({ message: COURT_MSG.notHost });
  }
}

export function requireBodyId(value: unknown, message: string): number {
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 2_147_483_647) throw new BadRequestException({ message });
  return value as number;
}
