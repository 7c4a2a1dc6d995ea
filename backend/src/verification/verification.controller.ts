import { BadRequestException, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ID_PHOTO_FIELD, MSG, type VerifyIdResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { isMultipart, readMultipartForm } from '../common/upload/multipart-form';
import { VerificationService } from './verification.service';

@ApiTags('verification')
@ApiBearerAuth()
@Controller()
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  /** Core §7: multipart field id_photo. The verdict arrives later as an id_verification notification. */
  @Post('verify')
  @HttpCode(202)
  @UseGuards(AuthGuard)
  @ApiConsumes('multipart/form-data')
  async verify(@CurrentUser() actor: AuthenticatedUser, @Req() req: FastifyRequest): Promise<VerifyIdResponse> {
    if (!isMultipart(req)) throw new BadRequestException({ message: MSG.selectFile });
    const form = await readMultipartForm(req, ID_PHOTO_FIELD, MSG.idPhotoTooLarge);
    await this.verification.submit(actor.id, form.file);
    return { message: MSG.idCheckQueued };
  }
}
