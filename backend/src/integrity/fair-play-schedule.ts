import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { InjectQueue } from '../jobs/jobs.module';
import { QUEUES, type FairPlayJob } from '../jobs/queues';

/** The nightly runs, in UTC (docs/rating.md#integrity). */
export const FAIR_PLAY_NIGHTLY = { scan: '0 3 * * *', calibrate: '30 3 * * *' } as const;

/** A scan asked for by a report or a dispute: one waits at a time, it reads everything. */
export const scanJobOptions = { deduplication: { id: 'fair-play-scan' } };

/**
 * The worker puts the nightly scan and calibration in place at every boot (BullMQ job schedulers,
 * upserted: a Redis that lost them gets them back at the next boot) and runs a calibration at once,
 * so the public page has figures before the first night.
 */
@Injectable()
export class FairPlaySchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('FairPlay');

  constructor(@InjectQueue(QUEUES.fairPlay) private readonly queue: Queue<FairPlayJob>) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.queue.upsertJobScheduler('fair-play-nightly-scan', { pattern: FAIR_PLAY_NIGHTLY.scan, tz: 'UTC' }, { name: 'scan', data: { kind: 'scan', reason: 'nightly' } });
      await this.queue.upsertJobScheduler(
        'fair-play-nightly-calibrate',
        { pattern: FAIR_PLAY_NIGHTLY.calibrate, tz: 'UTC' },
        { name: 'calibrate', data: { kind: 'calibrate', reason: 'nightly' } },
      );
      await this.queue.add('calibrate', { kind: 'calibrate', reason: 'boot' }, { deduplication: { id: 'fair-play-calibrate' } });
    } catch (err) {
      // Redis away at boot: the next boot sets them; the work itself is only delayed a night.
      this.logger.warn(`fair-play schedules not set: ${(err as Error).message}`);
    }
  }
}
