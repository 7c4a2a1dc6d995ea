import { Injectable } from '@nestjs/common';
import { LEAGUE_DAILY_LIMITS, LEAGUE_DAILY_WINDOW_SECONDS, MSG } from '@gotnext/shared';
import { RetryLaterException } from '../common/retry-later.exception';
import { RateLimiter } from './rate-limiter';
import { waitText } from './wait-text';

type DailyAction = keyof typeof LEAGUE_DAILY_LIMITS;

const REFUSAL: Record<DailyAction, (wait: string) => string> = {
  leaguesCreated: MSG.leagueCreateDailyLimit,
  invitesSent: MSG.leagueInviteDailyLimit,
  pastMatchesAdded: MSG.historyDailyLimit,
};

/**
 * Per-player limits over 24 hours (docs/leagues.md#daily-limits) on the writes that fill other
 * players' screens: leagues created, invites sent, past matches added. The same Redis counters as
 * the other throttles, so every API instance counts together. `within` counts the action first
 * (atomically: racing calls cannot pass the limit together) and takes it back if the write fails,
 * so only what was done counts.
 */
@Injectable()
export class DailyLimits {
  constructor(private readonly limiter: RateLimiter) {}

  async within<T>(action: DailyAction, userId: number, write: () => Promise<T>): Promise<T> {
    const limit = [{ key: `daily:${action}:user:${userId}`, max: LEAGUE_DAILY_LIMITS[action], windowSeconds: LEAGUE_DAILY_WINDOW_SECONDS }];
    const hit = await this.limiter.hit(limit);
    if (!hit.allowed) throw new RetryLaterException(REFUSAL[action](waitText(hit.retryAfterSeconds)), hit.retryAfterSeconds);
    try {
      return await write();
    } catch (err) {
      await this.limiter.undo(limit).catch(() => undefined);
      throw err;
    }
  }
}
