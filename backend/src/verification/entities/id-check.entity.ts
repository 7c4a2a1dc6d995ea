import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The verdict of one ID check: passed, why not, what to retake, and the document's keyed hash (the photos are never kept). */
@Entity('id_checks')
export class IdCheckEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id' }) userId: number;
  @Column({ name: 'upload_id' }) uploadId: number;
  @Column() passed: boolean;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) retake: string[];
  @Column({ name: 'document_hash', type: 'text', nullable: true }) documentHash: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
