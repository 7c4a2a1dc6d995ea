import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { IdentityFlagsController } from './identity-flags.controller';
import { VerificationController } from './verification.controller';
import { VerificationModule } from './verification.module';
import { VerificationService } from './verification.service';

/** POST and GET /api/verify (the worker checks the photos), and the ops area's identity flags. */
@Module({
  imports: [VerificationModule, UsersModule, SessionsModule, AdminModule],
  controllers: [VerificationController, IdentityFlagsController],
  providers: [VerificationService],
})
export class VerificationHttpModule {}
