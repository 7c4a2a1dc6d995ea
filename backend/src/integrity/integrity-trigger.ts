import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { QUEUES, type FairPlayJob } from '../jobs/queues';
import { scanJobOptions } from './fair-play-schedule';

/** A report or a dispute runs the integrity scan (docs/rating.md#integrity): the worker does it, after the commit. */
@Injectable()
export class IntegrityTrigger {
  constructor(@InjectQueue(QUEUES.fairPlay) private readonly queue: Queue<FairPlayJob>) {}

  @OnDomainEvent('player.reported', { runsIn: ['api'] })
  async onReport(): Promise<void> {
    await this.queue.add('scan', { kind: 'scan', reason: 'report' }, scanJobOptions);
  }

  @OnDomainEvent('match.disputed', { runsIn: ['api'] })
  async onDispute(): Promise<void> {
    await this.queue.add('scan', { kind: 'scan', reason: 'dispute' }, scanJobOptions);
  }
}
