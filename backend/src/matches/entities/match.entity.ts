import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MatchStatus, MatchType, ScoringType } from '@gotnext/shared';

/** A match from creation to its final score. Status only moves forward (docs/matches.md). */
@Entity('matches')
export class MatchEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'text' }) code: string;
  @Column({ name: 'match_type', type: 'text' }) matchType: MatchType;
  @Column({ name: 'scoring_type', type: 'text' }) scoringType: ScoringType;
  @Column({ default: false }) ranked: boolean;
  @Column({ type: 'text' }) status: MatchStatus;
  @Column({ name: 'creator_id' }) creatorId: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true }) startedAt: Date | null;
  @Column({ name: 'disputed_at', type: 'timestamptz', nullable: true }) disputedAt: Date | null;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
  @Column({ name: 'team_a_score', type: 'integer', nullable: true }) teamAScore: number | null;
  @Column({ name: 'team_b_score', type: 'integer', nullable: true }) teamBScore: number | null;
  @Column({ name: 'settled_by', type: 'text', nullable: true }) settledBy: string | null;
  @Column({ default: false }) voided: boolean;
  @Column({ name: 'second_reminder_at', type: 'timestamptz', nullable: true }) secondReminderAt: Date | null;
  /** A league match (docs/leagues.md#league-matches): rated in the league's pool, never in the overall one. */
  @Column({ name: 'league_id', type: 'integer', nullable: true }) leagueId: number | null;
  /** A past match an organiser added to the league's history. */
  @Column({ default: false }) backfilled: boolean;
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true }) cancelledAt: Date | null;
  /** Disputed past the 72 h deadline: in the ops' queue since (docs/matches.md#moderation). */
  @Column({ name: 'moderation_since', type: 'timestamptz', nullable: true }) moderationSince: Date | null;
}
