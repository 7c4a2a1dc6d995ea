import { IsDefined, IsIn, IsString } from 'class-validator';
import { MSG, type AdminIntegrityDecisionRequest, type IntegrityAppealRequest } from '@gotnext/shared';

export class AdminIntegrityDecisionDto implements AdminIntegrityDecisionRequest {
  @IsDefined({ message: MSG.integrityDecisionInvalid }) @IsIn(['confirm', 'dismiss'], { message: MSG.integrityDecisionInvalid }) decision: 'confirm' | 'dismiss';
}

export class IntegrityAppealDto implements IntegrityAppealRequest {
  @IsDefined({ message: MSG.appealTextRequired }) @IsString({ message: MSG.appealTextRequired }) text: string;
}
