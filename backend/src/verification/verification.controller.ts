import { BadRequestException, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ID_PHOTO_FIELD, MSG, type VerifyIdResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { isMultipart, readMultipartForm } from '../common/upload/multipart-form';
import { VerificationService } from './verification.service';
@Controller()
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  /** Multipart field id_photo (docs/api.md). The verdict arrives later as an id_verification notification. */
  @Post('verify')
  @HttpCode(202)
  @UseGuards(AuthGuard)
  async verify(@CurrentUser() actor: AuthenticatedUser, @Req() req: FastifyRequest): Promise<VerifyIdResponse> {
    if (!isMultipart(req)) throw new BadRequestException({ message: MSG.selectFile });
    const form = await readMultipartForm(req, ID_PHOTO_FIELD, MSG.idPhotoTooLarge);
    await this.verification.submit(actor.id, form.file);
    return { message: MSG.idCheckQueued };
  }
}
