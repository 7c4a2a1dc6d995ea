import { Injectable, NotFoundException } from '@nestjs/common';
import { ARTICLES_LIST_LIMIT, MSG, type Article } from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { reencodeImage, type ReencodeOptions } from '../common/upload/image';
import { MediaRepository } from '../media/media.repository';
import type { ArticlePatch } from './article-form';
import { ArticlesRepository } from './articles.repository';

/** Header images: wide enough for a desktop page, re-encoded like profile photos (docs/articles.md#images). */
export const ARTICLE_IMAGE_SIZE: ReencodeOptions = { maxSide: 1600, quality: 85 };
export const articlePictureKey = (articleId: number) => `article-pictures/${articleId}.jpg`;

/** The news feed: reading for everyone, publishing for ops (docs/articles.md). */
@Injectable()
export class ArticlesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly articles: ArticlesRepository,
    private readonly media: MediaRepository,
  ) {}

  latest(): Promise<Article[]> {
    return this.articles.latest(ARTICLES_LIST_LIMIT);
  }

  async get(id: number): Promise<Article> {
    const article = await this.articles.find(id);
    if (!article) throw new NotFoundException({ message: MSG.articleNotFound });
    return article;
  }

  /** Publishes an article; the image is decoded and re-encoded first (a non-image is refused, nothing stored). */
  async create(fields: { title: string; text: string }, image?: Buffer): Promise<Article> {
    const jpeg = image ? await reencodeImage(image, ARTICLE_IMAGE_SIZE) : undefined;
    const id = await this.uow.run(async (tx) => {
      const created = await this.articles.insert(fields.title, fields.text, tx.manager);
      if (jpeg) {
        await this.media.put(articlePictureKey(created), 'image/jpeg', jpeg, tx.manager);
        await this.articles.update(created, { image: true }, tx.manager);
      }
      return created;
    });
    return this.get(id);
  }

  /** Changes the fields given; a new image replaces the old one, `removeImage` goes back to the default. */
  async update(id: number, patch: ArticlePatch, image?: Buffer): Promise<Article> {
    const jpeg = image ? await reencodeImage(image, ARTICLE_IMAGE_SIZE) : undefined;
    await this.uow.run(async (tx) => {
      if (!(await this.articles.lock(id, tx.manager))) throw new NotFoundException({ message: MSG.articleNotFound });
      let imageChange: boolean | undefined;
      if (jpeg) {
        await this.media.put(articlePictureKey(id), 'image/jpeg', jpeg, tx.manager);
        imageChange = true;
      } else if (patch.removeImage) {
        await this.media.remove(articlePictureKey(id), tx.manager);
        imageChange = false;
      }
      await this.articles.update(id, { title: patch.title, text: patch.text, image: imageChange }, tx.manager);
    });
    return this.get(id);
  }

  /** Removes the article and its image. */
  async remove(id: number): Promise<void> {
    await this.uow.run(async (tx) => {
      if (!(await this.articles.remove(id, tx.manager))) throw new NotFoundException({ message: MSG.articleNotFound });
      await this.media.remove(articlePictureKey(id), tx.manager);
    });
  }
}
