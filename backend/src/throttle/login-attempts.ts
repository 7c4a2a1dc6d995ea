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
/** Past the spray limit an address gets one password check per this long, in turn (docs/accounts.md#throttling). */
export const SPRAY_CHECK_INTERVAL_MS = 1000;
/** How long an attempt past the spray limit waits for its turn before it is refused after all. */
export const SPRAY_WAIT_MAX_MS = 15_000;

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
      /** The address is past the spray limit: a wrong password reads as refused (429), a right one gets in. */
      sprayLimited: boolean;
    };

/** begin()'s options: a logged-in player's password re-check (account deletion) is not counted as spraying. */
export interface AttemptOptions {
  reauthentication?: boolean;
}

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

  private limits(account: string, address: string, usual: boolean, spray: boolean): { pair: Limit; counted: Limit[]; addresses: Limit; spray?: Limit } {
    const c = this.config;
    const windowSeconds = c.LOGIN_WINDOW_SECONDS;
    const pair = { key: `login:pair:${account}:${address}`, max: c.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS, windowSeconds };
    const perAccount = { key: `login:account:${account}`, max: usual ? 0 : c.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowSeconds };
    const sprayLimit = spray ? { key: `login:spray:${address}`, max: usual ? 0 : c.LOGIN_MAX_ACCOUNTS_PER_ADDRESS, windowSeconds, member: account } : undefined;
    // Which addresses hold a pair counter, so a password reset can lift them all.
    const addresses = { key: `login:addresses:${account}`, max: 0, windowSeconds, member: address };
    return { pair, counted: sprayLimit ? [perAccount, sprayLimit] : [perAccount], addresses, spray: sprayLimit };
  }

  /**
   * An attempt past the spray limit waits for its address's turn: one password check per
   * SPRAY_CHECK_INTERVAL_MS, so spraying is slowed to that pace and argon2 work to one hash a
   * second per address, while a right password behind the same address still gets in.
   */
  private async sprayTurn(address: string): Promise<boolean> {
    const deadline = Date.now() + SPRAY_WAIT_MAX_MS;
    const turn = [{ key: `login:spray-turn:${address}`, max: 1, windowSeconds: SPRAY_CHECK_INTERVAL_MS / 1000 }];
    for (;;) {
      if ((await this.limiter.hit(turn)).allowed) return true;
      if (Date.now() + 100 > deadline) return false;
      await sleep(50 + Math.random() * 100);
    }
  }

  /**
   * Call before checking a password. Refused: nothing was counted, answer 429 with the wait.
   * Allowed: the attempt counts as a failure unless `succeeded()` is called; a pair with earlier
   * failures has already waited its slowdown when this returns.
   */
  async begin(account: string, address: string, options: AttemptOptions = {}): Promise<LoginGate> {
    const usual = await this.limiter.remembers(`login:known:${account}`, address);
    const { pair, counted, addresses, spray } = this.limits(account, address, usual, !options.reauthentication);
    let limits = [pair, ...counted, addresses];
    let hit = await this.limiter.hit(limits);
    let sprayLimited = false;
    if (!hit.allowed && spray) {
      // Refused by the spray counter alone? Then this attempt waits its turn instead of a 429.
      limits = limits.filter((l) => l !== spray);
      hit = await this.limiter.hit(limits);
      if (!hit.allowed) return hit;
      sprayLimited = true;
      if (!(await this.sprayTurn(address))) {
        await this.limiter.undo(limits.slice(0, -1));
        return { allowed: false, retryAfterSeconds: Math.ceil(SPRAY_WAIT_MAX_MS / 1000) };
      }
    }
    if (!hit.allowed) return hit;
    await sleep(slowdownMs(hit.counts[0]));
    return {
      allowed: true,
      sprayLimited,
      succeeded: async () => {
        await this.limiter.undo(limits.filter((l) => l !== pair && l !== addresses));
        await this.limiter.clear([pair.key]);
        await this.limiter.remember(`login:known:${account}`, address, KNOWN_ADDRESS_DAYS);
      },
    };
  }

  /**
   * begin() for an HTTP call: refused, it throws the 429 (Retry-After, and a message pointing to
   * password reset); allowed, it returns `succeeded`, and `wrong` for the caller to throw when the
   * password was wrong (the 429 again past the spray limit, else the caller's own answer).
   */
  async beginOrRefuse(account: string, address: string, options: AttemptOptions = {}): Promise<{ succeeded(): Promise<void>; wrong(answer: Error): Error }> {
    const gate = await this.begin(account, address, options);
    const refusal = (seconds: number) => new RetryLaterException(MSG.tooManyLogins(waitText(seconds)), seconds);
    if (!gate.allowed) throw refusal(gate.retryAfterSeconds);
    return { succeeded: gate.succeeded, wrong: (answer) => (gate.sprayLimited ? refusal(this.config.LOGIN_WINDOW_SECONDS) : answer) };
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
