import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MediaEntity } from './entities/media.entity';

/** Every statement on `media`. */
@Injectable()
export class MediaRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async put(key: string, contentType: string, bytes: Buffer, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(
      `INSERT INTO media (key, content_type, bytes, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (key) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, updated_at = now()`,
      [key, contentType, bytes],
    );
  }

  get(key: string, m: EntityManager = this.db.manager): Promise<MediaEntity | null> {
    return m.findOne(MediaEntity, { where: { key } });
  }

  async remove(key: string, m: EntityManager = this.db.manager): Promise<void> {
    await m.delete(MediaEntity, { key });
  }
}
