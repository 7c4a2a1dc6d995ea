import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

/** An e-mailed single-use token; only its SHA-256 is stored, so a database leak reveals no live link. */
@Entity('email_tokens')
export class EmailTokenEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id' }) userId: number;
  @Column({ type: 'text' }) purpose: EmailTokenPurpose;
  @Column({ name: 'token_hash', type: 'text' }) tokenHash: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
