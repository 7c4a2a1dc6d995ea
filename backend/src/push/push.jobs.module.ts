import { Module } from '@nestjs/common';
import { PushHandler } from './push.handler';
import { PushModule } from './push.module';

/** The worker side of push: the `push` queue's handler. */
@Module({
  imports: [PushModule],
  providers: [PushHandler],
})
export class PushJobsModule {}
