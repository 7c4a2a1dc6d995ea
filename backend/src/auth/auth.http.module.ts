import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailTokenEntity } from './entities/email-token.entity';
import { EmailTokensRepository } from './email-tokens.repository';
import { EmailTokensService } from './email-tokens.service';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordService } from './password.service';
import { SessionsModule } from '../sessions/sessions.module';

/** Sign-up, login, logout, e-mail verification and password reset calls. */
@Module({
  imports: [TypeOrmModule.forFeature([EmailTokenEntity]), SessionsModule, UsersModule],
  controllers: [AuthController],
  providers: [AuthService, EmailTokensRepository, EmailTokensService, LoginThrottleService, PasswordService],
})
export class AuthHttpModule {}
