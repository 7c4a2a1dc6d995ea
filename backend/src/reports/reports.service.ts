import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG, type AdminReportsResponse } from '@gotnext/shared';
import { UsersRepository } from '../users/users.repository';
import { ReportsRepository } from './reports.repository';

/** Player reports (docs/social.md#reports): stored with reporter and time, once per player, reason and day. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly users: UsersRepository,
  ) {}

  async submit(reporterId: number, reportedUserId: number, reason: string, details: string | null | undefined): Promise<void> {
    if (reportedUserId === reporterId) throw new BadRequestException({ message: MSG.cannotReportSelf });
    if (!(await this.users.findActive(reportedUserId))) throw new NotFoundException({ message: MSG.playerNotFound });
    const id = await this.reports.insert({ reporterId, reportedUserId, reason, details: details?.trim() || null });
    if (id === null) throw new ConflictException({ message: MSG.reportDuplicate });
  }

  async forOps(): Promise<AdminReportsResponse> {
    const [reports, players] = await Promise.all([this.reports.newest(), this.reports.mostReported()]);
    return { reports, players };
  }
}
