import { Module } from '@nestjs/common';
import { LoginAttempts } from './login-attempts';
import { RateLimiter } from './rate-limiter';
import { RequestLimits } from './request-limits';
import { DailyLimits } from './daily-limits';

/** Throttles shared by every API instance (Redis): password attempts and the open calls that send mail or create accounts. */
@Module({
  providers: [RateLimiter, LoginAttempts, RequestLimits, DailyLimits],
  exports: [LoginAttempts, RequestLimits, DailyLimits],
})
export class ThrottleModule {}
