import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The verdict of one ID check (the photo itself is never kept). */
@Entity('id_checks')
export class IdCheckEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id' }) userId: number;
  @Column({ name: 'upload_id' }) uploadId: number;
  @Column() passed: boolean;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
