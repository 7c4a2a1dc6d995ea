import { Module } from '@nestjs/common';
import { EmailHandler } from './email.handler';

/** The worker side of mail: the `email` queue's handler (SMTP, or the local outbox). */
@Module({ providers: [EmailHandler] })
export class EmailJobsModule {}
