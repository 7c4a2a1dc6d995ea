import { Controller, Get, UseGuards } from '@nestjs/common';
import type { FlaggedAccount, IdentityFlagsResponse } from '@gotnext/shared';
import { AdminGuard } from '../admin/admin.guard';
import { VerificationRepository } from './verification.repository';

/** How many flags the ops page lists (newest first). */
const FLAGS_SHOWN = 200;

const account = (id: number, username: string, email: string, first: string, last: string, deleted: boolean): FlaggedAccount => ({
  user_id: id,
  username,
  email,
  name: `${first} ${last}`,
  deleted,
});

/** The ops area's identity page: documents or faces verified on one account that another account sent (docs/identity-rules.md#one-person-one-account). */
@Controller('admin')
@UseGuards(AdminGuard)
export class IdentityFlagsController {
  constructor(private readonly verification: VerificationRepository) {}

  @Get('identity-flags')
  async flags(): Promise<IdentityFlagsResponse> {
    const rows = await this.verification.flags(FLAGS_SHOWN);
    return {
      flags: rows.map((r) => ({
        id: r.id,
        flagged_at: new Date(r.created_at).toISOString(),
        kind: r.kind,
        account: account(r.user_id, r.username, r.email, r.first_name, r.last_name, r.deleted),
        verified_account: account(r.verified_user_id, r.verified_username, r.verified_email, r.verified_first_name, r.verified_last_name, r.verified_deleted),
      })),
    };
  }
}
