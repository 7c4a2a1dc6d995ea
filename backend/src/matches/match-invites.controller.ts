import { Controller, Get, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { InvitePreviewResponse } from '@gotnext/shared';
import { MatchInvitesService } from './match-invites.service';

/** The one match call without a login: what an invite link shows (docs/matches.md#invite-preview). */
@Controller()
export class MatchInvitesController {
  constructor(private readonly invites: MatchInvitesService) {}

  @Get('invite-preview')
  preview(@Req() req: FastifyRequest, @Query('match_code') code: unknown): Promise<InvitePreviewResponse> {
    return this.invites.preview(req.ip, code);
  }
}
