import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { PushController } from './push.controller';
import { PushModule } from './push.module';

/** The push calls (API only). */
@Module({
  imports: [PushModule, UsersModule, SessionsModule],
  controllers: [PushController],
})
export class PushHttpModule {}
