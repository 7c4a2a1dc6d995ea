import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { MSG } from '@gotnext/shared';
import { APP_CONFIG, AppConfig } from '../config/env';
import { RetryLaterException } from '../common/retry-later.exception';
import { RateLimiter } from './rate-limiter';
import { waitText } from './wait-text';

/** Calls that cost us a mail or an account are counted per hour. */
export const REQUEST_WINDOW_SECONDS = 3600;
/** Sign-ups naming one e-mail address per hour (after the first, the answer is 409 anyway). */
export const SIGNUPS_PER_EMAIL = 3;

/** Wrong invite codes one address may look up per window: enough for typos, too few to walk the codes. */
export const INVITE_MISSES_PER_ADDRESS = 30;
export const INVITE_MISS_WINDOW_SECONDS = 600;

/** An address as counters name it: trimmed, NFKC, lower-case, then digested (no addresses in Redis keys). */
const inboxKey = (email: string) => createHash('sha256').update(email.normalize('NFKC').trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Limits on the open calls that create accounts or send mail (docs/accounts.md#throttling): every
 * call is counted, per client address and per target (the inbox a mail goes to, the e-mail an
 * account is made for), through the same atomic counters as logins. Past a limit: 429 with
 * Retry-After. The target is the address as typed, never a looked-up account, so the answer is
 * the same whether or not an account exists.
 */
@Injectable()
export class RequestLimits {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  signup(address: string, email: string): Promise<void> {
    return this.take([
      { key: `signup:address:${address}`, max: this.config.SIGNUP_MAX_PER_ADDRESS, windowSeconds: REQUEST_WINDOW_SECONDS },
      { key: `signup:email:${inboxKey(email)}`, max: SIGNUPS_PER_EMAIL, windowSeconds: REQUEST_WINDOW_SECONDS },
    ]);
  }

  /** A password reset tried from `address`, counted before its link is checked (docs/accounts.md#argon2-budget). */
  resetPassword(address: string): Promise<void> {
    return this.take([{ key: `reset:address:${address}`, max: this.config.RESET_PASSWORD_MAX_PER_ADDRESS, windowSeconds: REQUEST_WINDOW_SECONDS }]);
  }

  /** A verification or reset mail asked for from `address`, to go to `inbox`. */
  mail(kind: string, address: string, inbox: string): Promise<void> {
    return this.take([
      { key: `mail:address:${address}`, max: this.config.MAIL_MAX_PER_ADDRESS, windowSeconds: REQUEST_WINDOW_SECONDS },
      { key: `mail:${kind}:inbox:${inboxKey(inbox)}`, max: this.config.MAIL_MAX_PER_INBOX, windowSeconds: REQUEST_WINDOW_SECONDS },
    ]);
  }

  /**
   * An invite code looked up from `address` (docs/matches.md#invite-preview): counted before the
   * lookup and taken back when the code named a match, so only guesses use up the limit.
   */
  async inviteLookup<T>(address: string, look: () => Promise<T | null>): Promise<T | null> {
    const limits = [{ key: `invite:address:${address}`, max: INVITE_MISSES_PER_ADDRESS, windowSeconds: INVITE_MISS_WINDOW_SECONDS }];
    await this.take(limits);
    const found = await look();
    if (found !== null) await this.limiter.undo(limits);
    return found;
  }

  private async take(limits: Parameters<RateLimiter['hit']>[0]): Promise<void> {
    const hit = await this.limiter.hit(limits);
    if (!hit.allowed) throw new RetryLaterException(MSG.tooManyRequestsRetry(waitText(hit.retryAfterSeconds)), hit.retryAfterSeconds);
  }
}
