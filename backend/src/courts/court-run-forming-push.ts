import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { COURT_LIMITS, COURT_MSG, courtPath, inQuietHours } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type PushJob } from '../jobs/queues';
import { REDIS, redisKey, type RedisClient } from '../redis/redis.module';
import { courtLocalHour } from './court-local-time';
import { CourtsRepository } from './courts.repository';

const WINDOW_MS = COURT_LIMITS.runFormingPushHours * 3_600_000;

/**
 * "A run is forming" to the court's favourites (docs/courts.md#alerts), at most once per court per
 * window: the first process to SET NX the court's key in Redis, shared by every API instance,
 * sends; the others, and later check-ins until the key expires, send nothing. Nothing during the
 * quiet hours in the court's local time, and a quiet hour takes no window. API only: only a
 * check-in forms a run.
 */
@Injectable()
export class CourtRunFormingPush {
  constructor(
    @InjectQueue(QUEUES.push) private readonly push: Queue<PushJob>,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly courts: CourtsRepository,
  ) {}

  @OnDomainEvent('court.run-forming', { runsIn: ['api'] })
  async tellFavourites({ courtId, userId, headcount }: DomainEvents['court.run-forming']): Promise<void> {
    const court = await this.courts.find(courtId);
    if (!court || court.status !== 'approved') return;
    const now = new Date();
    if (inQuietHours(courtLocalHour(court, now))) return;
    const window = now.getTime();
    if ((await this.redis.set(redisKey(this.config, 'court-run-forming', courtId), String(window), { NX: true, PX: WINDOW_MS })) !== 'OK') return;
    const to = await this.courts.runFormingAudience(courtId, userId);
    const payload = {
      type: 'run_forming' as const,
      title: COURT_MSG.pushRunFormingTitle(court.name),
      body: COURT_MSG.pushRunFormingBody(headcount),
      url: courtPath(courtId),
      tag: `court-run-${courtId}`,
    };
    await this.push.addBulk(to.map((id) => ({ name: 'push', data: { userId: id, payload }, opts: { jobId: jobIds.push(`court-run-${courtId}-${window}-${id}`) } })));
  }
}
