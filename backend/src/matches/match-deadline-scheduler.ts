import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type MatchDeadlineJob } from '../jobs/queues';
import { MATCH_DEADLINES_MS } from './match-deadlines';

/**
 * Enqueues a match's deadlines once the change that starts them has committed: the 24 h reminder
 * and the 48 h single report when it starts, the 72 h move to the ops' queue when it becomes
 * disputed, and the void 7 days after that (docs/matches.md#moderation). Job ids come
 * from the match id, so enqueuing twice keeps one job (docs/jobs.md).
 */
@Injectable()
export class MatchDeadlineScheduler {
  constructor(@InjectQueue(QUEUES.matchDeadlines) private readonly queue: Queue<MatchDeadlineJob>) {}

  @OnDomainEvent('match.started', { runsIn: ['api', 'worker'] })
  async remindAfterStart({ matchId }: { matchId: number }): Promise<void> {
    await this.schedule('second-reminder', matchId);
  }

  @OnDomainEvent('match.started', { runsIn: ['api', 'worker'] })
  async letSingleReportStand({ matchId }: { matchId: number }): Promise<void> {
    await this.schedule('single-report', matchId);
  }

  @OnDomainEvent('match.disputed', { runsIn: ['api', 'worker'] })
  async voidOpenDispute({ matchId }: { matchId: number }): Promise<void> {
    await this.schedule('void-dispute', matchId);
  }

  @OnDomainEvent('match.in-moderation', { runsIn: ['api', 'worker'] })
  async voidUntouchedModeration({ matchId }: { matchId: number }): Promise<void> {
    await this.schedule('moderation-void', matchId);
  }

  private async schedule(kind: MatchDeadlineJob['kind'], matchId: number): Promise<void> {
    const delay = {
      'second-reminder': MATCH_DEADLINES_MS.secondReminder,
      'single-report': MATCH_DEADLINES_MS.singleReport,
      'void-dispute': MATCH_DEADLINES_MS.voidDispute,
      'moderation-void': MATCH_DEADLINES_MS.moderationVoid,
    }[kind];
    await this.queue.add(kind, { kind, matchId }, { jobId: jobIds.matchDeadline(kind, matchId), delay });
  }
}
