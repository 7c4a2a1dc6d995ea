import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #10: the news feed (docs/articles.md). Ops write it; a fresh install has no article. The
 * header image lives in `media` under article-pictures/{id}.jpg, like profile pictures.
 */
export class Articles1763840000100 implements MigrationInterface {
  name = 'Articles1763840000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE articles (
        id serial PRIMARY KEY,
        title text NOT NULL,
        text text NOT NULL,
        has_image boolean NOT NULL DEFAULT false,
        image_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE articles`);
  }
}
