import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One stored picture, keyed by its public path below /uploads (e.g. profile-pictures/7.jpg). */
@Entity('media')
export class MediaEntity {
  @PrimaryColumn({ type: 'text' }) key: string;
  @Column({ name: 'content_type', type: 'text' }) contentType: string;
  @Column({ type: 'bytea' }) bytes: Buffer;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
