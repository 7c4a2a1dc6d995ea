import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MSG } from '@gotnext/shared';

/** Highest score a report may carry: generous for any format, small enough to refuse junk. */
export const MAX_SCORE = 999;

/** `user_id` is accepted for wire compatibility only; assertActor refuses one that is not the caller. */
class ActorPayload {
  @ApiPropertyOptional({ description: "Must be the caller's id when sent" }) @Allow() user_id?: unknown;
}

export class CreateMatchDto extends ActorPayload {
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean({ message: 'Ranked must be true or false.' }) ranked?: boolean;
  @ApiPropertyOptional({ default: '1s & 2s to 5' }) @IsOptional() @IsString({ message: MSG.invalidScoringType }) @MaxLength(40, { message: MSG.invalidScoringType }) scoringType?: string;
}

export class JoinMatchDto extends ActorPayload {
  @ApiProperty() @IsDefined({ message: MSG.matchCodeRequired }) @IsString({ message: MSG.matchCodeRequired }) @MaxLength(40, { message: MSG.matchNotFound }) match_code: string;
}

const matchIdRules = [IsDefined({ message: MSG.matchNotFound }), IsInt({ message: MSG.matchNotFound }), Min(1, { message: MSG.matchNotFound })];
function MatchId(): PropertyDecorator {
  return (target, key) => matchIdRules.forEach((rule) => rule(target, key));
}

export class MatchActionDto extends ActorPayload {
  @ApiProperty() @MatchId() match_id: number;
}

/** Body of start-match/{id}: only the (optional) acting user id. */
export class StartMatchDto extends ActorPayload {}

function Score(message: string): PropertyDecorator {
  const rules = [IsDefined({ message }), IsInt({ message: MSG.scoreInvalid }), Min(0, { message: MSG.scoreInvalid }), Max(MAX_SCORE, { message: MSG.scoreInvalid })];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

export class ReportScore1v1Dto extends MatchActionDto {
  @ApiProperty() @Score(MSG.reportBoth1v1) user_score: number;
  @ApiProperty() @Score(MSG.reportBoth1v1) opponent_score: number;
}

export class ReportScoreTeamsDto extends MatchActionDto {
  @ApiProperty({ description: 'Team A' }) @Score(MSG.reportBothTeams) team_1_score: number;
  @ApiProperty({ description: 'Team B' }) @Score(MSG.reportBothTeams) team_2_score: number;
}

export class ResolveDispute1v1Dto extends MatchActionDto {
  @ApiProperty() @Score(MSG.disputeFillAll) userScore: number;
  @ApiProperty() @Score(MSG.disputeFillAll) opponentScore: number;
}

export class ResolveDisputeTeamsDto extends MatchActionDto {
  @ApiProperty() @Score(MSG.disputeFillAll) team_a_score: number;
  @ApiProperty() @Score(MSG.disputeFillAll) team_b_score: number;
}
