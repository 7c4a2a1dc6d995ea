import { Body, Controller, Delete, Ip, Put, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MSG, PROFILE_PHOTO_FIELD, type MessageResponse, type UpdateUserResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { isMultipart, readMultipartForm } from '../common/upload/multipart-form';
import { accountPatchFrom } from './account-form';
import { AccountService } from './account.service';
import { DeleteAccountDto } from './dto/delete-account.dto';
@Controller()
@UseGuards(AuthGuard)
export class AccountController {
  constructor(private readonly account: AccountService) {}

  /**
   * Multipart (docs/api.md) with bio, height, weight, first_name, last_name, state, date_of_birth,
   * preferences (JSON) and an optional `photo`. A JSON body works too when there is no photo.
   */
  @Put('update-user')
  async update(@CurrentUser() actor: AuthenticatedUser, @Req() req: FastifyRequest): Promise<UpdateUserResponse> {
    let fields: Record<string, unknown>;
    let photo: Buffer | undefined;
    if (isMultipart(req)) {
      const form = await readMultipartForm(req, PROFILE_PHOTO_FIELD, MSG.photoTooLarge);
      fields = form.fields;
      photo = form.file;
    } else {
      fields = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    }
    const user = await this.account.update(actor.id, accountPatchFrom(fields), photo);
    return { message: MSG.accountUpdated, user };
  }

  /** The password is asked again (docs/accounts.md#deletion): a token alone, say on a shared computer, is not enough. */
  @Delete('delete-account')
  async remove(@CurrentUser() actor: AuthenticatedUser, @Body() dto: DeleteAccountDto, @Ip() ip: string): Promise<MessageResponse> {
    await this.account.delete(actor.id, dto.password, ip);
    return { message: MSG.accountDeleted };
  }
}
