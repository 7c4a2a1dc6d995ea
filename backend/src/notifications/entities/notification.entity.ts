import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A stored notification (docs/notifications.md). Match/league flags are kept true to the match so the bell can hide finished actions. */
@Entity('notifications')
export class NotificationEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id' }) userId: number;
  @Column({ type: 'text' }) type: string;
  @Column({ type: 'text' }) message: string;
  @Column({ default: false }) read: boolean;
  @Column({ name: 'match_id', type: 'integer', nullable: true }) matchId: number | null;
  @Column({ name: 'match_type', type: 'text', nullable: true }) matchType: string | null;
  @Column({ name: 'league_id', type: 'integer', nullable: true }) leagueId: number | null;
  /** Who or what caused it (e.g. the friend request's sender), for actions and de-duplication. */
  @Column({ name: 'related_id', type: 'integer', nullable: true }) relatedId: number | null;
  @Column({ name: 'dispute_resolved', default: false }) disputeResolved: boolean;
  @Column({ name: 'match_completed', default: false }) matchCompleted: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
