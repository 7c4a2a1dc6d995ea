import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { MailScheduler } from './mail-scheduler';

/** The API side of mail: enqueue account mails after commit. */
@Module({
  imports: [JobsModule],
  providers: [MailScheduler],
})
export class EmailModule {}
