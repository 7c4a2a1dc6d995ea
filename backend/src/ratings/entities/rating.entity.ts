import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A player's internal rating R and ranked games g in one pool ('overall' or 'league:{id}'). */
@Entity('ratings')
export class RatingEntity {
  @PrimaryColumn({ type: 'text' }) pool: string;
  @PrimaryColumn({ name: 'user_id' }) userId: number;
  @Column({ type: 'double precision' }) rating: number;
  @Column() games: number;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
