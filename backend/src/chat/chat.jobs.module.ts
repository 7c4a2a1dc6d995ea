import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { ChatPartitionsRepository } from './chat-partitions.repository';
import { ChatPartitionsHandler } from './chat-partitions.handler';
import { ChatPartitionsSchedule } from './chat-partitions-schedule';

/** The worker's chat upkeep: both chats' coming months (docs/scaling.md#partitioned-chat). */
@Module({
  imports: [JobsModule],
  providers: [ChatPartitionsRepository, ChatPartitionsHandler, ChatPartitionsSchedule],
})
export class ChatJobsModule {}
