import { Module } from '@nestjs/common';
import { AccountMailModule } from '../auth/account-mail.module';
import { EmailHandler } from './email.handler';

/** The worker side of mail: the `email` queue's handler (SMTP, or the local outbox). */
@Module({ imports: [AccountMailModule], providers: [EmailHandler] })
export class EmailJobsModule {}
