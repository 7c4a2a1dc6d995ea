import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A news article (docs/articles.md). Its header image, if any, is media `article-pictures/{id}.jpg`. */
@Entity('articles')
export class ArticleEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text' }) text: string;
  @Column({ name: 'has_image', type: 'boolean', default: false }) hasImage: boolean;
  @Column({ name: 'image_version', type: 'integer', default: 0 }) imageVersion: number;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
