import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { APP_CONFIG, AppConfig } from '../config/env';
import { REDIS, RedisClient, redisKey } from '../redis/redis.module';

/**
 * Failed-login counters per account and per IP, kept in Redis so every API instance shares them.
 * A window opens at the first failure and closes after LOGIN_WINDOW_SECONDS.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private keys(identifier: string, ip: string) {
    return {
      account: redisKey(this.config, 'login-fail', 'account', identifier.trim().toLowerCase()),
      ip: redisKey(this.config, 'login-fail', 'ip', ip),
    };
  }

  async assertAllowed(identifier: string, ip: string): Promise<void> {
    const k = this.keys(identifier, ip);
    const [account, perIp] = await this.redis.mGet([k.account, k.ip]);
    if (Number(account ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT || Number(perIp ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_IP) {
      throw new HttpException({ message: MSG.tooManyLogins }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async recordFailure(identifier: string, ip: string): Promise<void> {
    const k = this.keys(identifier, ip);
    const ttl = this.config.LOGIN_WINDOW_SECONDS;
    await this.redis.multi().incr(k.account).expire(k.account, ttl, 'NX').incr(k.ip).expire(k.ip, ttl, 'NX').exec();
  }

  async recordSuccess(identifier: string, ip: string): Promise<void> {
    await this.redis.del(this.keys(identifier, ip).account);
  }
}
