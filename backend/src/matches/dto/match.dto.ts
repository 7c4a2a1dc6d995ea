import { Allow, IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsDbId } from '../../common/input/db-id';
import {
  MSG,
  type AdminDisputeDecisionRequest,
  type CreateMatchRequest,
  type JoinMatchRequest,
  type JoinTeamRequest,
  type ReportScore1v1Request,
  type ReportScoreTeamsRequest,
  type ResolveDispute1v1Request,
  type ResolveDisputeTeamsRequest,
  type ScoringType,
  type StartMatchRequest,
} from '@gotnext/shared';

/** Highest score a report may carry: generous for any format, small enough to refuse junk. */
export const MAX_SCORE = 999;

/**
 * `user_id` is accepted for wire compatibility only: it is not validated here, and assertActor
 * refuses one that is not the caller, whatever it holds (docs/api.md).
 */
class ActorPayload {
  @Allow() user_id?: number;
}

/*
 * Each body class implements its request type of the contract (libs/shared/src/api), so a field
 * renamed or retyped there fails to compile here. Validation messages are the spec's.
 */

export class CreateMatchDto extends ActorPayload implements CreateMatchRequest {
  @IsOptional() @IsBoolean({ message: 'Ranked must be true or false.' }) ranked?: boolean;
  @IsOptional() @IsString({ message: MSG.invalidScoringType }) @MaxLength(40, { message: MSG.invalidScoringType }) scoringType?: ScoringType; // any text passes here; the service answers an unknown one after checking the match type
  // Checked by parseOpenRange in the service, with the form's words (docs/matches.md#open-lobbies).
  @Allow() open_min_rating?: number;
  @Allow() open_max_rating?: number;
}

export class JoinMatchDto extends ActorPayload implements JoinMatchRequest {
  @IsDefined({ message: MSG.matchCodeRequired }) @IsString({ message: MSG.matchCodeRequired }) @MaxLength(40, { message: MSG.matchNotFound }) match_code: string;
}

const matchIdRules = [IsDefined({ message: MSG.matchNotFound }), IsDbId(MSG.matchNotFound)];
function MatchId(): PropertyDecorator {
  return (target, key) => matchIdRules.forEach((rule) => rule(target, key));
}

export class MatchActionDto extends ActorPayload implements JoinTeamRequest {
  @MatchId() match_id: number;
}

/** Body of start-match/{id}: only the (optional) acting user id. */
export class StartMatchDto extends ActorPayload implements StartMatchRequest {}

function Score(message: string): PropertyDecorator {
  const rules = [IsDefined({ message }), IsInt({ message: MSG.scoreInvalid }), Min(0, { message: MSG.scoreInvalid }), Max(MAX_SCORE, { message: MSG.scoreInvalid })];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

export class ReportScore1v1Dto extends MatchActionDto implements ReportScore1v1Request {
  @Score(MSG.reportBoth1v1) user_score: number;
  @Score(MSG.reportBoth1v1) opponent_score: number;
}

export class ReportScoreTeamsDto extends MatchActionDto implements ReportScoreTeamsRequest {
  @Score(MSG.reportBothTeams) team_1_score: number;
  @Score(MSG.reportBothTeams) team_2_score: number;
}

export class ResolveDispute1v1Dto extends MatchActionDto implements ResolveDispute1v1Request {
  @Score(MSG.disputeFillAll) userScore: number;
  @Score(MSG.disputeFillAll) opponentScore: number;
}

export class ResolveDisputeTeamsDto extends MatchActionDto implements ResolveDisputeTeamsRequest {
  @Score(MSG.disputeFillAll) team_a_score: number;
  @Score(MSG.disputeFillAll) team_b_score: number;
}

/** An ops decision on a dispute in moderation (docs/matches.md#moderation): a score needs both. */
export class AdminDisputeDecisionDto implements AdminDisputeDecisionRequest {
  @IsDefined({ message: MSG.decisionInvalid }) @IsIn(['score', 'void'], { message: MSG.decisionInvalid }) decision: 'score' | 'void';
  @ValidateIf((o: AdminDisputeDecisionDto) => o.decision === 'score') @Score(MSG.reportBothTeams) team_a_score?: number;
  @ValidateIf((o: AdminDisputeDecisionDto) => o.decision === 'score') @Score(MSG.reportBothTeams) team_b_score?: number;
}
