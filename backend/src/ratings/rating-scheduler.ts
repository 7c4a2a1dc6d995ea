import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { QUEUES, ratingJobOptions, type RatingJob } from '../jobs/queues';

/**
 * A ranked match that completed with a score is rated by the worker: its pool's job is enqueued,
 * unless one is already waiting, which will read this match too (docs/rating.md#redelivery).
 */
@Injectable()
export class RatingScheduler {
  constructor(@InjectQueue(QUEUES.rating) private readonly queue: Queue<RatingJob>) {}

  @OnDomainEvent('match.completed', { runsIn: ['api', 'worker'] })
  async rateCompletedMatch({ matchId, ranked, voided, leagueId }: { matchId: number; ranked: boolean; voided: boolean; leagueId?: number | null }): Promise<void> {
    if (leagueId) {
      // Every settlement of a league match (a contested back-fill settles twice, a void removes it)
      // brings its league's pool up to date; the job is idempotent, so its id carries the time
      // (docs/rating.md#league-pools).
      await this.queue.add('rate', { matchId }, ratingJobOptions(matchId, leagueId));
      return;
    }
    if (!ranked || voided) return;
    await this.queue.add('rate', { matchId }, ratingJobOptions(matchId));
  }
}
