import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { MediaModule } from '../media/media.module';
import { PasswordsModule } from '../passwords/passwords.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { UsersController } from './users.controller';
import { UsersModule } from './users.module';

/** The own-account calls: read, edit (with a photo), delete (with the password, throttled like a login). */
@Module({
  imports: [UsersModule, MediaModule, SessionsModule, PasswordsModule, ThrottleModule],
  controllers: [UsersController, AccountController],
  providers: [AccountService],
})
export class UsersHttpModule {}
