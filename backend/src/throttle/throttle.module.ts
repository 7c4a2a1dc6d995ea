import { Module } from '@nestjs/common';
import { LoginAttempts } from './login-attempts';
import { RateLimiter } from './rate-limiter';
import { RequestLimits } from './request-limits';
import { DailyLimits } from './daily-limits';

/** Throttles shared by every API instance (Redis): password attempts and the open calls that send mail or create accounts. */
@Module({
  providers: [RateLimiter, LoginAttempts, RequestLimits, DailyLimits],
  // RateLimiter too: the scoreboard counts taps per scorer with it (witnessed/).
  exports: [RateLimiter, LoginAttempts, RequestLimits, DailyLimits],
})
export class ThrottleModule {}
