import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaEntity } from './entities/media.entity';
import { MediaService } from './media.service';

/** Stored pictures; global because accounts (and later articles, leagues) write them. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MediaEntity])],
  providers: [MediaService],
  exports: [MediaService],
})
export class MediaModule {}
