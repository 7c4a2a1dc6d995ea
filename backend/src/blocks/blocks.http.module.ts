import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { BlocksController } from './blocks.controller';
import { BlocksRepository } from './blocks.repository';
import { BlocksService } from './blocks.service';
import { PlayerSearchService } from './player-search.service';

/** Blocking and player search. */
@Module({
  imports: [UsersModule, SessionsModule],
  controllers: [BlocksController],
  providers: [BlocksRepository, BlocksService, PlayerSearchService],
})
export class BlocksHttpModule {}
