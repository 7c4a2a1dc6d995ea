import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { InjectQueue } from '../jobs/jobs.module';
import { QUEUES, type ChatPartitionsJob } from '../jobs/queues';

/** Daily, in UTC: months ahead are kept, so a missed day or two changes nothing. */
export const CHAT_PARTITIONS_DAILY = '15 2 * * *';

/**
 * The worker puts the daily run in place at every boot (a BullMQ job scheduler, upserted) and runs
 * one at once, so a database restored from an old backup gets its months before the first night.
 */
@Injectable()
export class ChatPartitionsSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('ChatPartitions');

  constructor(@InjectQueue(QUEUES.chatPartitions) private readonly queue: Queue<ChatPartitionsJob>) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.queue.upsertJobScheduler('chat-partitions-daily', { pattern: CHAT_PARTITIONS_DAILY, tz: 'UTC' }, { name: 'keep-ahead', data: { reason: 'daily' } });
      await this.queue.add('keep-ahead', { reason: 'boot' }, { deduplication: { id: 'chat-partitions-boot' } });
    } catch (err) {
      // Redis away at boot: the migration made months ahead, so the next boot has time to set it.
      this.logger.warn(`chat partition schedule not set: ${(err as Error).message}`);
    }
  }
}
