import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What one match did to one player's rating in one pool; unique per (pool, match, player). */
@Entity('rating_events')
export class RatingEventEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'text' }) pool: string;
  @Column({ name: 'match_id' }) matchId: number;
  @Column({ name: 'user_id' }) userId: number;
  @Column({ type: 'double precision' }) before: number;
  @Column({ type: 'double precision' }) after: number;
  @Column({ type: 'double precision' }) delta: number;
  @Column({ name: 'games_before' }) gamesBefore: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
