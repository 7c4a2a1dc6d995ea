import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { COURT_LIMITS, rooms } from '@gotnext/shared';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type CourtHoldJob } from '../jobs/queues';
import { REALTIME_SINK, type RealtimeSink } from '../realtime/realtime-sink';

/** Margin past the hold, so the job finds it over by the database clock too. */
const HOLD_JOB_MARGIN_MS = 500;

/**
 * Courts live (docs/courts.md#live-updates), in whichever process committed the change: the page
 * to `court:{id}`, "You're up" and the lobby to each player's `user:{id}`, and the hold's end as a
 * delayed job with a deterministic id (a redelivered `court.called` adds nothing).
 */
@Injectable()
export class CourtsListeners {
  constructor(
    @Inject(REALTIME_SINK) private readonly sink: RealtimeSink,
    @InjectQueue(QUEUES.courtHolds) private readonly holds: Queue<CourtHoldJob>,
  ) {}

  @OnDomainEvent('court.changed')
  pushChange({ courtId }: DomainEvents['court.changed']): void {
    this.sink.toRoom(rooms.court(courtId), 'court:changed', { court_id: courtId, at: Date.now() });
  }

  @OnDomainEvent('court.called')
  async startHold({ courtId, callId, round, userIds, holdExpiresAt }: DomainEvents['court.called']): Promise<void> {
    await this.holds.add('hold', { callId, round }, { jobId: jobIds.courtHold(callId, round), delay: COURT_LIMITS.holdSeconds * 1000 + HOLD_JOB_MARGIN_MS });
    this.sink.toUsers(userIds, 'court:called', { court_id: courtId, hold_expires_at: holdExpiresAt });
  }

  @OnDomainEvent('court.lobby')
  pushLobby({ courtId, matchId, userIds }: DomainEvents['court.lobby']): void {
    this.sink.toUsers(userIds, 'court:lobby', { court_id: courtId, match_id: matchId });
  }
}
