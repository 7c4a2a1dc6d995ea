import { BadRequestException, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ID_FIELDS, MSG, type IdCheckStatusResponse, type VerifyIdResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { isMultipart, readMultipartFiles } from '../common/upload/multipart-form';
import { VerificationService } from './verification.service';

/** Each photo's 413 message: the spec's for the front, one per other shot. */
const FILE_LIMITS = {
  [ID_FIELDS.front]: MSG.idPhotoTooLarge,
  [ID_FIELDS.back]: MSG.idBackTooLarge,
  [ID_FIELDS.selfie]: MSG.selfieTooLarge,
  [ID_FIELDS.selfieTurned]: MSG.selfieTooLarge,
};

@Controller()
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  /**
   * Multipart: `id_photo` (the front, the spec's field), `document_type`, `id_back`, `selfie`,
   * `selfie_turned` (docs/identity-rules.md#what-a-player-sends). The verdict arrives later as an
   * id_verification notification.
   */
  @Post('verify')
  @HttpCode(202)
  @UseGuards(AuthGuard)
  async verify(@CurrentUser() actor: AuthenticatedUser, @Req() req: FastifyRequest): Promise<VerifyIdResponse> {
    if (!isMultipart(req)) throw new BadRequestException({ message: MSG.selectFile });
    const form = await readMultipartFiles(req, FILE_LIMITS);
    await this.verification.submit(actor.id, form.fields[ID_FIELDS.documentType], {
      front: form.files[ID_FIELDS.front],
      back: form.files[ID_FIELDS.back],
      selfie: form.files[ID_FIELDS.selfie],
      selfie_turned: form.files[ID_FIELDS.selfieTurned],
    });
    return { message: MSG.idCheckQueued };
  }

  /** Where the caller's check stands, for the verification page (polled while the socket is down). */
  @Get('verify')
  @UseGuards(AuthGuard)
  status(@CurrentUser() actor: AuthenticatedUser): Promise<IdCheckStatusResponse> {
    return this.verification.status(actor.id);
  }
}
