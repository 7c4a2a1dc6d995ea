import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { HealthResponse, ReadinessResponse } from '@gotnext/shared';
import { REDIS, RedisClient } from '../redis/redis.module';
import { HealthRepository } from './health.repository';

@Controller('health')
export class HealthController {
  constructor(
    private readonly db: HealthRepository,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {}

  /** Liveness: the process answers. */
  @Get()
  live(): HealthResponse {
    return { status: 'ok' };
  }

  /**
   * Readiness: PostgreSQL and Redis both answer; otherwise 503 `{ message, postgres, redis }`
   * saying which is down, so a balancer stops sending traffic and an operator sees why.
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessResponse | { message: string; postgres: 'ok' | 'down'; redis: 'ok' | 'down' }> {
    const within = <T>(p: Promise<T>) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, no) => (timer = setTimeout(() => no(new Error('timeout')), 2000)));
      return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
    };
    const [postgres, redis] = await Promise.all([
      within(this.db.ping()).then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
      within(this.redis.ping()).then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
    ]);
    if (postgres !== 'ok' || redis !== 'ok') {
      void reply.status(503);
      return { message: 'Not ready.', postgres, redis };
    }
    return { status: 'ok', postgres, redis };
  }
}
