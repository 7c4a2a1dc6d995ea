import { Module } from '@nestjs/common';
import { BlocksController } from './blocks.controller';
import { BlocksService } from './blocks.service';
import { PlayerSearchService } from './player-search.service';

@Module({
  controllers: [BlocksController],
  providers: [BlocksService, PlayerSearchService],
  exports: [BlocksService],
})
export class BlocksModule {}
