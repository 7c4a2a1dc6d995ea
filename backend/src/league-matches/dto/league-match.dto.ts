import { Allow, IsDefined, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDbId } from '../../common/input/db-id';
import {
  MSG,
  type AddMatchHistoryRequest,
  type ContestLeagueMatchRequest,
  type CreateLeagueMatchRequest,
  type LeagueJoinMatchRequest,
  type LeagueReportScoreRequest,
  type ResolveLeagueDisputeRequest,
  type ScoringType,
} from '@gotnext/shared';

/*
 * Bodies of the league match calls (libs/shared/src/api/league-matches.ts). Ids and types are
 * checked here; the scores of the combined 1v1/team payloads are checked by the service, which
 * knows the match's type and answers in the spec's words (docs/leagues.md#league-matches).
 * `user_id` is for wire compatibility only: assertActor refuses one that is not the caller.
 */

const leagueId = (message: string) => [IsDefined({ message }), IsDbId(message)];
function LeagueId(message: string = MSG.leagueNotFound): PropertyDecorator {
  return (target, key) => leagueId(message).forEach((rule) => rule(target, key));
}
function MatchId(): PropertyDecorator {
  return (target, key) => [IsDefined({ message: MSG.matchNotFound }), IsDbId(MSG.matchNotFound)].forEach((rule) => rule(target, key));
}

export class CreateLeagueMatchDto implements CreateLeagueMatchRequest {
  @LeagueId(MSG.mustBeInLeague) league_id: number;
  @Allow() user_id?: number;
  @IsDefined({ message: MSG.invalidMatchType }) @IsString({ message: MSG.invalidMatchType }) @MaxLength(10, { message: MSG.invalidMatchType }) matchType: string;
  @IsOptional() @IsString({ message: MSG.invalidScoringType }) @MaxLength(40, { message: MSG.invalidScoringType }) scoringType?: ScoringType;
}

export class LeagueJoinMatchDto implements LeagueJoinMatchRequest {
  @LeagueId() league_id: number;
  @Allow() user_id?: number;
  @IsDefined({ message: MSG.matchCodeRequired }) @IsString({ message: MSG.matchCodeRequired }) @MaxLength(40, { message: MSG.matchNotFound }) match_code: string;
}

/** Scores arrive as the page sends them; the service refuses a missing one or a bad format. */
export class LeagueReportScoreDto implements LeagueReportScoreRequest {
  @IsOptional() @IsDbId(MSG.leagueIdMissing) league_id?: number;
  @MatchId() match_id: number;
  @Allow() user_id?: number;
  @IsOptional() @IsString({ message: MSG.invalidMatchType }) @MaxLength(10, { message: MSG.invalidMatchType }) matchType?: string;
  @Allow() user_score?: number;
  @Allow() opponent_score?: number;
  @Allow() opponent_id?: number;
  @Allow() team_1_score?: number;
  @Allow() team_2_score?: number;
  @Allow() teamA?: number[];
  @Allow() teamB?: number[];
}

export class ResolveLeagueDisputeDto implements ResolveLeagueDisputeRequest {
  @MatchId() match_id: number;
  @IsOptional() @IsDbId(MSG.leagueIdMissing) league_id?: number;
  @Allow() user_id?: number;
  @Allow() user_score?: number;
  @Allow() opponent_score?: number;
  @Allow() team_a_score?: number;
  @Allow() team_b_score?: number;
}

export class AddMatchHistoryDto implements AddMatchHistoryRequest {
  @LeagueId() league_id: number;
  @IsDefined({ message: MSG.invalidMatchType }) @IsString({ message: MSG.invalidMatchType }) @MaxLength(10, { message: MSG.invalidMatchType }) matchType: string;
  @IsDefined({ message: MSG.invalidScoringType }) @IsString({ message: MSG.invalidScoringType }) @MaxLength(40, { message: MSG.invalidScoringType }) scoringType: string;
  /** Counted and checked by the service (the exact-count texts of docs/leagues.md#adding-a-past-match). */
  @Allow() participants: number[];
  @Allow() finalScore: Record<string, number>;
  @IsOptional() @IsString({ message: MSG.playedAtInvalid }) @MaxLength(40, { message: MSG.playedAtInvalid }) played_at?: string;
}

export class ContestLeagueMatchDto implements ContestLeagueMatchRequest {
  @MatchId() match_id: number;
  @IsOptional() @IsDbId(MSG.leagueNotFound) league_id?: number;
}

/** A whole score 0…999 (MAX_SCORE of the match engine), else null. */
export function scoreOf(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 999 ? v : null;
}
export const isMissing = (v: unknown) => v === undefined || v === null || v === '';
