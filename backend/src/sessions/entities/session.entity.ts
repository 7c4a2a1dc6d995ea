import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One row per login. The JWT carries only the session id; checking the row on every request is
 * what lets a password reset or account deletion revoke every token at once.
 */
@Entity('sessions')
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id' }) userId: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  /** Keyed hashes of the login's User-Agent and address (docs/rating.md#integrity); never the raw values. */
  @Column({ name: 'device_hash', type: 'text', nullable: true }) deviceHash: string | null;
  @Column({ name: 'address_hash', type: 'text', nullable: true }) addressHash: string | null;
}
