import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An ID photo waiting for its check. Deleted as soon as the check ends, whatever the outcome. */
@Entity('id_check_uploads')
export class IdCheckUploadEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id' }) userId: number;
  @Column({ type: 'bytea', select: false }) bytes: Buffer;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
