import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TeamSide } from '@gotnext/shared';

/** A side's current score report ('report') or final score in a dispute ('resolve'), as Team A/B scores. */
@Entity('match_reports')
export class MatchReportEntity {
  @PrimaryColumn({ name: 'match_id' }) matchId: number;
  @PrimaryColumn({ type: 'char', length: 1 }) team: TeamSide;
  @PrimaryColumn({ type: 'text' }) kind: 'report' | 'resolve';
  @Column({ name: 'reported_by' }) reportedBy: number;
  @Column({ name: 'team_a_score' }) teamAScore: number;
  @Column({ name: 'team_b_score' }) teamBScore: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
