import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/env';
import { UnitOfWork } from '../database/unit-of-work';
import type { MailRequest } from '../jobs/queues';
import { UsersRepository } from '../users/users.repository';
import { EmailTokensService } from './email-tokens.service';

const PATHS = { verify_email: 'verify-email', reset_password: 'reset-password' } as const;

/**
 * Turns a mail request into its recipient and link, in the worker, as the mail is sent: the
 * account is looked up here (not in the API, so an answer never depends on whether it exists),
 * and the token is issued here, so the raw token exists only in the mail
 * (docs/accounts.md#mail-delivery). Links come from PUBLIC_URL, never a request's Host header.
 */
@Injectable()
export class AccountMailLinks {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly emailTokens: EmailTokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Null when there is nobody to mail: no live account for that id or address, or an address already verified. */
  async issue(request: MailRequest): Promise<{ to: string; link: string } | null> {
    const user = 'userId' in request ? await this.users.findActive(request.userId) : await this.users.findActiveByEmail(request.email);
    if (!user || (request.kind === 'verify_email' && user.emailVerified)) return null;
    const { token } = await this.uow.run((tx) => this.emailTokens.issue(tx, user.id, request.kind));
    return { to: user.email, link: `${this.config.PUBLIC_URL.replace(/\/$/, '')}/${PATHS[request.kind]}/${token}` };
  }
}
