import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { MediaModule } from '../media/media.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { UsersController } from './users.controller';
import { UsersModule } from './users.module';

/** The own-account calls: read, edit (with a photo), delete. */
@Module({
  imports: [UsersModule, MediaModule, SessionsModule],
  controllers: [UsersController, AccountController],
  providers: [AccountService],
})
export class UsersHttpModule {}
