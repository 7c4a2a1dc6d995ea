import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaEntity } from './entities/media.entity';
import { MediaRepository } from './media.repository';

/** Stored pictures (served at /uploads, see uploads.route.ts); accounts write them. */
@Module({
  imports: [TypeOrmModule.forFeature([MediaEntity])],
  providers: [MediaRepository],
  exports: [MediaRepository],
})
export class MediaModule {}
