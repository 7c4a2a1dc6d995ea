import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { REDIS, RedisClient } from '../redis/redis.module';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly db: DataSource, @Inject(REDIS) private readonly redis: RedisClient) {}

  /** Liveness: the process answers. */
  @Get()
  live() {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL and Redis both answer; 503 otherwise, so a balancer stops sending traffic. */
  @Get('ready')
  async ready() {
    const within = <T>(p: Promise<T>) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, no) => (timer = setTimeout(() => no(new Error('timeout')), 2000)));
      return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
    };
    const [postgres, redis] = await Promise.all([
      within(this.db.query('SELECT 1')).then(() => 'ok', () => 'down'),
      within(this.redis.ping()).then(() => 'ok', () => 'down'),
    ]);
    if (postgres !== 'ok' || redis !== 'ok') throw new ServiceUnavailableException({ message: 'Not ready.', postgres, redis });
    return { status: 'ok', postgres, redis };
  }
}
