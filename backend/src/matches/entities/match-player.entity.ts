import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TeamSide } from '@gotnext/shared';

/** A player's slot in a match; the primary key (match, user) forbids holding two slots. */
@Entity('match_players')
export class MatchPlayerEntity {
  @PrimaryColumn({ name: 'match_id' }) matchId: number;
  @PrimaryColumn({ name: 'user_id' }) userId: number;
  @Column({ type: 'char', length: 1 }) team: TeamSide;
  @Column({ name: 'joined_at', type: 'timestamptz' }) joinedAt: Date;
}
