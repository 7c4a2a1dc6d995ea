import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { AccountMailLinks } from './account-mail-links';
import { EmailTokenEntity } from './entities/email-token.entity';
import { EmailTokensRepository } from './email-tokens.repository';
import { EmailTokensService } from './email-tokens.service';

/**
 * The e-mailed tokens (both processes): the API consumes them (verify, reset), the worker issues
 * them as it sends the mail (AccountMailLinks).
 */
@Module({
  imports: [TypeOrmModule.forFeature([EmailTokenEntity]), UsersModule],
  providers: [EmailTokensRepository, EmailTokensService, AccountMailLinks],
  exports: [EmailTokensService, AccountMailLinks],
})
export class AccountMailModule {}
