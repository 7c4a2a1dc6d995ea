import { Injectable } from '@nestjs/common';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES } from '../jobs/queues';
import { ChatPartitionsRepository } from './chat-partitions.repository';

/** The worker's chat upkeep: the coming months' partitions (docs/scaling.md#partitioned-chat). */
@Injectable()
@JobHandler(QUEUES.chatPartitions, { concurrency: 1 })
export class ChatPartitionsHandler implements JobProcessor<typeof QUEUES.chatPartitions> {
  constructor(private readonly partitions: ChatPartitionsRepository) {}

  async handle(): Promise<string> {
    return `chat months ready: ${(await this.partitions.keepAhead()).length}`;
  }
}
