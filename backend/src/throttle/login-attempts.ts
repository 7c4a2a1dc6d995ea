import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { MSG } from '@gotnext/shared';
import { RetryLaterException } from '../common/retry-later.exception';
import { APP_CONFIG, AppConfig } from '../config/env';
import { RateLimiter, type Limit } from './rate-limiter';
import { waitText } from './wait-text';

/** How long an address that logged in to an account stays that account's usual address. */
export const KNOWN_ADDRESS_DAYS = 30;
/** Failures of one (account, address) pair answered at full speed; from the next one on, each waits. */
export const SLOWDOWN_FREE_FAILURES = 2;
export const SLOWDOWN_FIRST_MS = 500;
export const SLOWDOWN_MAX_MS = 4000;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** What the counters name an account by: its id, or (for a name no live account has) a digest of the name. */
export const loginAccount = {
  user: (userId: number) => `user:${userId}`,
  unknown: (normalizedIdentifier: string) => `name:${digest(normalizedIdentifier)}`,
  admin: (typedUser: string) => `admin:${digest(typedUser)}`,
};

export type LoginGate =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** The password was right: this attempt is taken back, the pair's failures are forgiven, the address becomes usual. */
      succeeded(): Promise<void>;
    };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Wait before answering the n-th unresolved attempt of a pair: none at first, then doubling. */
export function slowdownMs(pairAttempts: number): number {
  const over = pairAttempts - SLOWDOWN_FREE_FAILURES;
  return over <= 0 ? 0 : Math.min(SLOWDOWN_FIRST_MS * 2 ** (over - 1), SLOWDOWN_MAX_MS);
}

/**
 * Password attempts on an account (the login, the admin board, the password asked again before
 * deletion), as OWASP suggests (docs/accounts.md#throttling):
 *
 * - every attempt is counted before the password is checked and taken back if it was right, so
 *   concurrent guesses can never be evaluated beyond a limit;
 * - per (account, address): LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS failures lock that pair for
 *   the rest of the window, and the attempts before that are slowed down;
 * - per account: at LOGIN_MAX_FAILURES_PER_ACCOUNT failures from all addresses together, only
 *   addresses the account logged in from in the last KNOWN_ADDRESS_DAYS still get through, so a
 *   stranger's failures never lock the owner out at their usual address;
 * - per address: failing on LOGIN_MAX_ACCOUNTS_PER_ADDRESS distinct accounts (spraying) leaves
 *   that address only the accounts it logged in to before, so one player's typos never lock out
 *   everyone behind the same NAT.
 */
@Injectable()
export class LoginAttempts {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private limits(account: string, address: string, usual: boolean): Limit[] {
    const c = this.config;
    const windowSeconds = c.LOGIN_WINDOW_SECONDS;
    return [
      { key: `login:pair:${account}:${address}`, max: c.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS, windowSeconds },
      { key: `login:account:${account}`, max: usual ? 0 : c.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowSeconds },
      { key: `login:spray:${address}`, max: usual ? 0 : c.LOGIN_MAX_ACCOUNTS_PER_ADDRESS, windowSeconds, member: account },
      // Which addresses hold a pair counter, so a password reset can lift them all.
      { key: `login:addresses:${account}`, max: 0, windowSeconds, member: address },
    ];
  }

  /**
   * Call before checking a password. Refused: nothing was counted, answer 429 with the wait.
   * Allowed: the attempt counts as a failure unless `succeeded()` is called; a pair with earlier
   * failures has already waited its slowdown when this returns.
   */
  async begin(account: string, address: string): Promise<LoginGate> {
    const usual = await this.limiter.remembers(`login:known:${account}`, address);
    const limits = this.limits(account, address, usual);
    const hit = await this.limiter.hit(limits);
    if (!hit.allowed) return hit;
    await sleep(slowdownMs(hit.counts[0]));
    return {
      allowed: true,
      succeeded: async () => {
        await this.limiter.undo(limits.slice(1, 3));
        await this.limiter.clear([limits[0].key]);
        await this.limiter.remember(`login:known:${account}`, address, KNOWN_ADDRESS_DAYS);
      },
    };
  }

  /** begin() for an HTTP call: refused, it throws the 429 (Retry-After, and a message pointing to password reset); allowed, it returns `succeeded`. */
  async beginOrRefuse(account: string, address: string): Promise<() => Promise<void>> {
    const gate = await this.begin(account, address);
    if (!gate.allowed) throw new RetryLaterException(MSG.tooManyLogins(waitText(gate.retryAfterSeconds)), gate.retryAfterSeconds);
    return gate.succeeded;
  }

  /**
   * A login's share of its account's successes (docs/accounts.md#argon2-budget): counted before the
   * password is checked, taken back when it was wrong, so only right passwords fill it and a
   * stranger's guesses never do. Full: 429 before any argon2 work.
   */
  async successOrRefuse(account: string): Promise<{ failed(): Promise<void> }> {
    const limits = [{ key: `login:ok:${account}`, max: this.config.LOGIN_MAX_SUCCESSES_PER_ACCOUNT, windowSeconds: this.config.LOGIN_WINDOW_SECONDS }];
    const hit = await this.limiter.hit(limits);
    if (!hit.allowed) throw new RetryLaterException(MSG.tooManyRequestsRetry(waitText(hit.retryAfterSeconds)), hit.retryAfterSeconds);
    return { failed: () => this.limiter.undo(limits) };
  }

  /** Lifts every lock on an account (its password was just reset, so old guesses no longer matter). */
  async clearAccount(account: string): Promise<void> {
    const addresses = await this.limiter.members(`login:addresses:${account}`);
    await this.limiter.clear([`login:account:${account}`, `login:addresses:${account}`, ...addresses.map((a) => `login:pair:${account}:${a}`)]);
  }
}
