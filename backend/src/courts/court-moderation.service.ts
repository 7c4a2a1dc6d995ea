import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { COURT_ADMIN_ACTIONS, COURT_MSG, addCourtProblem, courtNameKey, normalizeCourtName, type AdminCourtDecisionRequest, type AdminCourtsResponse } from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { CourtsRepository } from './courts.repository';

/** The ops' court queue (docs/courts.md#moderation): approve, rename, merge a duplicate, remove. */
@Injectable()
export class CourtModerationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly courts: CourtsRepository,
  ) {}

  async queue(): Promise<AdminCourtsResponse> {
    return { courts: await this.courts.reviewQueue() };
  }

  async decide(courtId: number, body: AdminCourtDecisionRequest): Promise<void> {
    if (!COURT_ADMIN_ACTIONS.includes(body.action)) throw new BadRequestException({ message: COURT_MSG.adminActionInvalid });
    await this.uow.run(async (tx) => {
      const court = await this.courts.lock(courtId, tx.manager);
      if (!court || court.status === 'removed') throw new NotFoundException({ message: COURT_MSG.courtNotFound });
      if (body.action === 'approve') await this.courts.approve(courtId, tx.manager);
      if (body.action === 'remove') await this.courts.remove(courtId, tx.manager);
      if (body.action === 'rename') {
        const problem = addCourtProblem({ ...court, name: body.name });
        if (problem) throw new BadRequestException({ message: problem });
        const name = normalizeCourtName(body.name as string);
        await this.courts.rename(courtId, name, courtNameKey(name), tx.manager);
      }
      if (body.action === 'merge') {
        const into = body.into_court_id === undefined || body.into_court_id === courtId ? null : await this.courts.lock(body.into_court_id, tx.manager);
        if (!into || into.status === 'removed') throw new BadRequestException({ message: COURT_MSG.mergeTargetInvalid });
        await this.courts.remove(courtId, tx.manager, into.id);
      }
      tx.emit('court.changed', { courtId });
    });
  }
}
