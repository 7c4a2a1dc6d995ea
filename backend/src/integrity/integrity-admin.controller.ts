import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { MSG, type AdminIntegrityResponse, type MessageResponse } from '@gotnext/shared';
import { AdminGuard } from '../admin/admin.guard';
import { DbIdParam } from '../common/input/db-id';
import { AdminIntegrityDecisionDto } from './dto/fair-play.dto';
import { IntegrityCases } from './integrity-cases.service';

/** The ops' fair-play queue (docs/rating.md#integrity), behind the admin credentials. */
@Controller('admin/integrity')
@UseGuards(AdminGuard)
export class IntegrityAdminController {
  constructor(private readonly cases: IntegrityCases) {}

  @Get()
  list(): Promise<AdminIntegrityResponse> {
    return this.cases.queue();
  }

  @Post(':caseId')
  @HttpCode(200)
  decide(@DbIdParam({ name: 'caseId', message: MSG.integrityCaseNotFound }) caseId: number, @Body() body: AdminIntegrityDecisionDto): Promise<MessageResponse> {
    return this.cases.decide(caseId, body.decision);
  }
}
