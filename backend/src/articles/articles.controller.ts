import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { MSG, type ArticleResponse, type ArticlesResponse } from '@gotnext/shared';
import { ArticlesService } from './articles.service';

/** A path id that cannot name an article answers as an unknown one. */
export function articleIdOf(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new NotFoundException({ message: MSG.articleNotFound });
  return Number(raw);
}

/** The news feed, open to everyone (docs/articles.md#reading). */
@Controller('articles')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get()
  async list(): Promise<ArticlesResponse> {
    return { articles: await this.articles.latest() };
  }

  @Get(':articleId')
  async one(@Param('articleId') articleId: string): Promise<ArticleResponse> {
    return { article: await this.articles.get(articleIdOf(articleId)) };
  }
}
