import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG, type AdminReportsResponse } from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { UsersRepository } from '../users/users.repository';
import { ReportsRepository } from './reports.repository';

/** Player reports (docs/social.md#reports): stored with reporter and time, once per player, reason and day. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly users: UsersRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async submit(reporterId: number, reportedUserId: number, reason: string, details: string | null | undefined): Promise<void> {
    if (reportedUserId === reporterId) throw new BadRequestException({ message: MSG.cannotReportSelf });
    if (!(await this.users.findActive(reportedUserId))) throw new NotFoundException({ message: MSG.playerNotFound });
    const id = await this.uow.run(async (tx) => {
      const inserted = await this.reports.insert({ reporterId, reportedUserId, reason, details: details?.trim() || null }, tx.manager);
      // The integrity scan reads the history again (docs/rating.md#integrity).
      if (inserted !== null) tx.emit('player.reported', { userId: reportedUserId });
      return inserted;
    });
    if (id === null) throw new ConflictException({ message: MSG.reportDuplicate });
  }

  async forOps(): Promise<AdminReportsResponse> {
    const [reports, players] = await Promise.all([this.reports.newest(), this.reports.mostReported()]);
    return { reports, players };
  }
}
