import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { COURT_LIMITS } from '@gotnext/shared';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type CourtHoldJob } from '../jobs/queues';

/** Margin past the hold, so the job finds it over by the database clock too. */
const HOLD_JOB_MARGIN_MS = 500;

/**
 * The hold's end as a delayed job with a deterministic id, in whichever process called the players
 * (a redelivered `court.called` adds nothing). The pushes of courts are made by RealtimeListeners
 * (docs/realtime.md#event-map).
 */
@Injectable()
export class CourtsListeners {
  constructor(@InjectQueue(QUEUES.courtHolds) private readonly holds: Queue<CourtHoldJob>) {}

  @OnDomainEvent('court.called', { runsIn: ['api', 'worker'], order: 2 })
  async startHold({ callId, round }: DomainEvents['court.called']): Promise<void> {
    await this.holds.add('hold', { callId, round }, { jobId: jobIds.courtHold(callId, round), delay: COURT_LIMITS.holdSeconds * 1000 + HOLD_JOB_MARGIN_MS });
  }
}
