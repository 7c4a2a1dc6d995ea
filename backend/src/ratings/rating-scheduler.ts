import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type RatingJob } from '../jobs/queues';

/** A ranked match that completed with a score is rated by the worker (job id from the match id). */
@Injectable()
export class RatingScheduler {
  constructor(@InjectQueue(QUEUES.rating) private readonly queue: Queue<RatingJob>) {}

  @OnDomainEvent('match.completed')
  async rateCompletedMatch({ matchId, ranked, voided }: { matchId: number; ranked: boolean; voided: boolean }): Promise<void> {
    if (!ranked || voided) return;
    await this.queue.add('rate', { matchId }, { jobId: jobIds.rating(matchId) });
  }
}
