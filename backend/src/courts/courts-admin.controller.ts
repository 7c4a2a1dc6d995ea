import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { COURT_MSG, type AdminCourtsResponse, type MessageResponse } from '@gotnext/shared';
import { AdminGuard } from '../admin/admin.guard';
import { DbIdParam } from '../common/input/db-id';
import { CourtModerationService } from './court-moderation.service';
import { AdminCourtDecisionDto } from './dto/courts.dto';

/** The ops' court queue (docs/courts.md#moderation), behind the admin credentials. */
@Controller('admin/courts')
@UseGuards(AdminGuard)
export class CourtsAdminController {
  constructor(private readonly moderation: CourtModerationService) {}

  @Get()
  list(): Promise<AdminCourtsResponse> {
    return this.moderation.queue();
  }

  @Post(':courtId')
  @HttpCode(200)
  async decide(@DbIdParam({ name: 'courtId', message: COURT_MSG.courtNotFound }) courtId: number, @Body() body: AdminCourtDecisionDto): Promise<MessageResponse> {
    await this.moderation.decide(courtId, body);
    return { message: COURT_MSG.adminDone };
  }
}
