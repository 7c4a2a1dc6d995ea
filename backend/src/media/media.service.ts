import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { MediaEntity } from './entities/media.entity';

/** The stored key and the public path of a player's profile picture (the path is what `profile_picture` holds). */
export const profilePictureKey = (userId: number) => `profile-pictures/${userId}.jpg`;
export const uploadsPath = (key: string) => `uploads/${key}`;

/**
 * Pictures in PostgreSQL: every API instance reads the same rows, so any instance behind the load
 * balancer serves any picture, and a picture changes in the same transaction as the account.
 */
@Injectable()
export class MediaService {
  constructor(@InjectRepository(MediaEntity) private readonly media: Repository<MediaEntity>) {}

  async put(m: EntityManager, key: string, contentType: string, bytes: Buffer): Promise<void> {
    await m.query(
      `INSERT INTO media (key, content_type, bytes, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (key) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, updated_at = now()`,
      [key, contentType, bytes],
    );
  }

  get(key: string): Promise<MediaEntity | null> {
    return this.media.findOne({ where: { key } });
  }
}
