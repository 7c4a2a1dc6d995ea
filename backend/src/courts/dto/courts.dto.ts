import { Allow, IsBoolean, IsDefined, IsIn, IsOptional } from 'class-validator';
import {
  COURT_ADMIN_ACTIONS,
  COURT_MSG,
  MSG,
  type AddCourtRequest,
  type AdminCourtDecisionRequest,
  type CheckInRequest,
  type CourtAdminAction,
  type CourtEndGameRequest,
  type CourtSettingsRequest,
  type FavouriteCourtRequest,
  type FlagCourtRequest,
  type GroupAnswerRequest,
  type GroupInviteRequest,
  type PassHostRequest,
} from '@gotnext/shared';
import { IsDbId } from '../../common/input/db-id';

/*
 * Each body implements its request type of the contract (libs/shared/src/courts/api.ts). The
 * court form's fields are checked by addCourtProblem, so the form and the server say the same thing.
 */

export class AddCourtDto implements AddCourtRequest {
  @Allow() name: string;
  @Allow() address?: string;
  @Allow() lat: number;
  @Allow() lng: number;
  @Allow() indoor: boolean;
  @Allow() hoops: number;
  @Allow() game_size: number;
  @Allow() notes?: string;
}

export class FlagCourtDto implements FlagCourtRequest {
  @Allow() reason?: string;
}

export class FavouriteCourtDto implements FavouriteCourtRequest {
  @IsDefined({ message: COURT_MSG.favouriteInvalid }) @IsBoolean({ message: COURT_MSG.favouriteInvalid }) favourite: boolean;
}

export class CourtSettingsDto implements CourtSettingsRequest {
  @Allow() winner_stays: number;
}

export class CheckInDto implements CheckInRequest {
  @Allow() code?: string;
  @Allow() lat?: number;
  @Allow() lng?: number;
}

export class PassHostDto implements PassHostRequest {
  @IsDbId(MSG.playerNotFound) user_id: number;
}

export class EndGameDto implements CourtEndGameRequest {
  @IsDbId(COURT_MSG.endGameInvalid) match_id: number;
}

export class GroupInviteDto implements GroupInviteRequest {
  @IsDbId(MSG.playerNotFound) user_id: number;
}

export class GroupAnswerDto implements GroupAnswerRequest {
  @IsDbId(COURT_MSG.inviteNotFound) group_id: number;
  @IsDefined({ message: COURT_MSG.inviteNotFound }) @IsBoolean({ message: COURT_MSG.inviteNotFound }) accept: boolean;
}

export class AdminCourtDecisionDto implements AdminCourtDecisionRequest {
  @IsIn(COURT_ADMIN_ACTIONS, { message: COURT_MSG.adminActionInvalid }) action: CourtAdminAction;
  @IsOptional() @Allow() name?: string;
  @IsOptional() @IsDbId(COURT_MSG.mergeTargetInvalid) into_court_id?: number;
}
