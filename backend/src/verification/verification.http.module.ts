import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { VerificationController } from './verification.controller';
import { VerificationModule } from './verification.module';
import { VerificationService } from './verification.service';

/** POST /api/verify: accept the photo; the worker checks it. */
@Module({
  imports: [VerificationModule, UsersModule, SessionsModule],
  controllers: [VerificationController],
  providers: [VerificationService],
})
export class VerificationHttpModule {}
