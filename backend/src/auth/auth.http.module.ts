import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { PasswordsModule } from '../passwords/passwords.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { AccountMailModule } from './account-mail.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';

/** Sign-up, login, logout, e-mail verification and password reset calls. */
@Module({
  imports: [AccountMailModule, SessionsModule, UsersModule, PasswordsModule, ThrottleModule],
  controllers: [AuthController],
  providers: [AuthService],
})
export class AuthHttpModule {}
