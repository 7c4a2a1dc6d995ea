import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** `blocker` blocked `blocked`; RULES.md makes it act both ways. */
@Entity('blocks')
export class BlockEntity {
  @PrimaryColumn({ name: 'blocker_id' }) blockerId: number;
  @PrimaryColumn({ name: 'blocked_id' }) blockedId: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
