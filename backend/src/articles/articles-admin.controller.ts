import { BadRequestException, Controller, Delete, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ARTICLE_IMAGE_FIELD, MSG, type ArticleSavedResponse, type MessageResponse } from '@gotnext/shared';
import { AdminGuard } from '../admin/admin.guard';
import { isMultipart, readMultipartForm, type MultipartForm } from '../common/upload/multipart-form';
import { articleFieldsFrom } from './article-form';
import { articleIdOf } from './articles.controller';
import { ArticlesService } from './articles.service';

async function formOf(req: FastifyRequest): Promise<MultipartForm> {
  if (!isMultipart(req)) throw new BadRequestException({ message: MSG.multipartExpected });
  return readMultipartForm(req, ARTICLE_IMAGE_FIELD, MSG.articleImageTooLarge);
}

/** Ops publish, edit and remove articles (docs/articles.md#publishing), behind the operators' credentials. */
@Controller('admin/articles')
@UseGuards(AdminGuard)
export class ArticlesAdminController {
  constructor(private readonly articles: ArticlesService) {}

  @Post()
  @HttpCode(201)
  async create(@Req() req: FastifyRequest): Promise<ArticleSavedResponse> {
    const form = await formOf(req);
    const fields = articleFieldsFrom(form.fields, false);
    const article = await this.articles.create({ title: fields.title!, text: fields.text! }, form.file);
    return { message: MSG.articlePublished, article };
  }

  @Put(':articleId')
  async update(@Param('articleId') articleId: string, @Req() req: FastifyRequest): Promise<ArticleSavedResponse> {
    const id = articleIdOf(articleId);
    const form = await formOf(req);
    const article = await this.articles.update(id, articleFieldsFrom(form.fields, true), form.file);
    return { message: MSG.articleUpdated, article };
  }

  @Delete(':articleId')
  async remove(@Param('articleId') articleId: string): Promise<MessageResponse> {
    await this.articles.remove(articleIdOf(articleId));
    return { message: MSG.articleRemoved };
  }
}
