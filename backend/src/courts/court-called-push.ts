import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { COURT_MSG, courtPath } from '@gotnext/shared';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type PushJob } from '../jobs/queues';
import { CourtsRepository } from './courts.repository';

/**
 * "You're up: confirm" as a Web Push (docs/courts.md#alerts), beside the socket push: a `push`
 * job per called player with a device, sent by the worker, which honours the player's
 * `court_called` switch. In whichever process called them (the API on the host's tap, the worker
 * when a hold ran out); the job id names the call's round, so a redelivered call sends nothing twice.
 */
@Injectable()
export class CourtCalledPush {
  constructor(
    @InjectQueue(QUEUES.push) private readonly push: Queue<PushJob>,
    private readonly courts: CourtsRepository,
  ) {}

  /** After the socket push (order 1) and the hold's job (order 2), which must not wait for this. */
  @OnDomainEvent('court.called', { runsIn: ['api', 'worker'], order: 3 })
  async youreUp({ courtId, callId, round, userIds }: DomainEvents['court.called']): Promise<void> {
    const to = await this.courts.withPushDevice(userIds);
    if (!to.length) return;
    const court = await this.courts.find(courtId);
    if (!court) return;
    const payload = {
      type: 'court_called' as const,
      title: COURT_MSG.pushCalledTitle,
      body: COURT_MSG.pushCalledBody(court.name),
      url: courtPath(courtId),
      tag: `court-called-${courtId}`,
    };
    await this.push.addBulk(to.map((userId) => ({ name: 'push', data: { userId, payload }, opts: { jobId: jobIds.push(`court-called-${callId}-${round}-${userId}`) } })));
  }
}
