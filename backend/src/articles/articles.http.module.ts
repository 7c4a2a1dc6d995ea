import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from '../admin/admin.module';
import { MediaModule } from '../media/media.module';
import { ArticlesAdminController } from './articles-admin.controller';
import { ArticlesController } from './articles.controller';
import { ArticlesRepository } from './articles.repository';
import { ArticlesService } from './articles.service';
import { ArticleEntity } from './entities/article.entity';

/** The news feed: the public reads and the ops calls (images stored through media, served at /uploads). */
@Module({
  imports: [TypeOrmModule.forFeature([ArticleEntity]), AdminModule, MediaModule],
  controllers: [ArticlesController, ArticlesAdminController],
  providers: [ArticlesRepository, ArticlesService],
})
export class ArticlesHttpModule {}
