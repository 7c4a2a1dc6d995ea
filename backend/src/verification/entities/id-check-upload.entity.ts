import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A check waiting for the worker: which document, and when. Its photos are rows of
 * `id_check_photos` (deleted with it); the row goes as soon as the check ends, whatever the outcome.
 */
@Entity('id_check_uploads')
export class IdCheckUploadEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id' }) userId: number;
  /** 'drivers_license', 'passport', or 'legacy' (a one-photo upload from before issue 16). */
  @Column({ name: 'document_type', type: 'text' }) documentType: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
