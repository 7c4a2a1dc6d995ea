import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Article } from '@gotnext/shared';

const COLUMNS = `id, title, text, has_image AS image, image_version, created_at, updated_at`;

interface ArticleRow extends Omit<Article, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}

const toArticle = (r: ArticleRow): Article => ({ ...r, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() });

/** Every statement on `articles`. */
@Injectable()
export class ArticlesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The `limit` latest articles, oldest first (the order of the feed call, docs/articles.md#reading). */
  async latest(limit: number, m: EntityManager = this.db.manager): Promise<Article[]> {
    const rows: ArticleRow[] = await m.query(`SELECT * FROM (SELECT ${COLUMNS} FROM articles ORDER BY id DESC LIMIT $1) a ORDER BY id`, [limit]);
    return rows.map(toArticle);
  }

  async find(id: number, m: EntityManager = this.db.manager): Promise<Article | null> {
    const rows: ArticleRow[] = await m.query(`SELECT ${COLUMNS} FROM articles WHERE id = $1`, [id]);
    return rows[0] ? toArticle(rows[0]) : null;
  }

  /** Locks the row for an edit; null when there is no such article. */
  async lock(id: number, m: EntityManager): Promise<Article | null> {
    const rows: ArticleRow[] = await m.query(`SELECT ${COLUMNS} FROM articles WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ? toArticle(rows[0]) : null;
  }

  async insert(title: string, text: string, m: EntityManager): Promise<number> {
    const [row]: { id: number }[] = await m.query(`INSERT INTO articles (title, text) VALUES ($1, $2) RETURNING id`, [title, text]);
    return row.id;
  }

  /** Writes the fields given; `image` true bumps the image version (a new picture), false drops it. */
  async update(id: number, patch: { title?: string; text?: string; image?: boolean }, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE articles SET title = COALESCE($2, title), text = COALESCE($3, text),
              has_image = COALESCE($4, has_image),
              image_version = image_version + CASE WHEN $4 IS TRUE THEN 1 ELSE 0 END,
              updated_at = now()
        WHERE id = $1`,
      [id, patch.title ?? null, patch.text ?? null, patch.image ?? null],
    );
  }

  /** True when there was such an article. */
  async remove(id: number, m: EntityManager): Promise<boolean> {
    // TypeORM answers a DELETE with [rows, count].
    const [, count]: [unknown[], number] = await m.query(`DELETE FROM articles WHERE id = $1`, [id]);
    return count > 0;
  }
}
