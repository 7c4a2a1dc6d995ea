import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailTokenEntity } from './entities/email-token.entity';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailTokensService } from './email-tokens.service';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordService } from './password.service';
import { UsersModule } from '../users/users.module';

@Module({
  imports: [TypeOrmModule.forFeature([EmailTokenEntity]), UsersModule],
  controllers: [AuthController],
  providers: [AuthService, EmailTokensService, LoginThrottleService, PasswordService],
})
export class AuthModule {}
