import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Preferences } from '@gotnext/shared';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column() username: string;
  @Column() email: string;
  @Column({ name: 'first_name' }) firstName: string;
  @Column({ name: 'last_name' }) lastName: string;
  @Column({ name: 'phone_number' }) phoneNumber: string;
  /** YYYY-MM-DD; TypeORM hydrates `date` as a string, so no timezone shifts. */
  @Column({ name: 'date_of_birth', type: 'date' }) dateOfBirth: string;
  @Column({ type: 'text', nullable: true }) height: string | null;
  @Column({ type: 'text', nullable: true }) weight: string | null;
  @Column() state: string;
  @Column({ type: 'text' }) bio: string;
  @Column({ name: 'password_hash', select: false }) passwordHash: string;
  @Column({ name: 'email_verified', default: false }) emailVerified: boolean;
  @Column({ name: 'id_verified', default: false }) idVerified: boolean;
  @Column({ name: 'profile_picture', type: 'text', nullable: true }) profilePicture: string | null;
  @Column({ name: 'profile_picture_version', default: 0 }) profilePictureVersion: number;
  @Column({ type: 'jsonb', default: {} }) preferences: Partial<Preferences>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /** Soft delete (docs/accounts.md): the row stays so the username and e-mail remain reserved. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt: Date | null;
}
