import { Controller, Get, UseGuards } from '@nestjs/common';
import type { AdminReportsResponse } from '@gotnext/shared';
import { AdminGuard } from '../admin/admin.guard';
import { ReportsService } from './reports.service';

/** The ops page's reads (docs/architecture.md#the-ops-area): operators' credentials only. */
@Controller('admin/reports')
@UseGuards(AdminGuard)
export class ReportsAdminController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  list(): Promise<AdminReportsResponse> {
    return this.reports.forOps();
  }
}
