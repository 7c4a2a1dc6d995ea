import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { MSG, type MessageResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { assertActor, CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { ReportPlayerDto } from './dto/report.dto';
import { ReportsService } from './reports.service';

/** POST /api/report: a player reports another (docs/social.md#reports). */
@Controller('report')
@UseGuards(AuthGuard)
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post()
  @HttpCode(201)
  async report(@CurrentUser() actor: AuthenticatedUser, @Body() body: ReportPlayerDto): Promise<MessageResponse> {
    assertActor(body.submitted_by, actor.id);
    await this.reports.submit(actor.id, body.reported_user_id, body.reason, body.details);
    return { message: MSG.reportSubmitted };
  }
}
