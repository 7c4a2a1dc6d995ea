import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { PushRepository } from './push.repository';
import { PushScheduler } from './push-scheduler';
import { PushSender } from './push-sender';

/** What both processes need: the repository, the sender and the listeners that enqueue pushes. */
@Module({
  imports: [JobsModule],
  providers: [PushRepository, PushSender, PushScheduler],
  exports: [PushRepository, PushSender],
})
export class PushModule {}
