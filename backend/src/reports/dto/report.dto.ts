import { Allow, IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MSG, REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS, type ReportPlayerRequest } from '@gotnext/shared';

export class ReportPlayerDto implements ReportPlayerRequest {
  @IsDefined({ message: MSG.playerNotFound })
  @IsInt({ message: MSG.playerNotFound })
  @Min(1, { message: MSG.playerNotFound })
  @Max(2_147_483_647, { message: MSG.playerNotFound })
  reported_user_id: number;

  @IsDefined({ message: MSG.reportReasonRequired })
  @IsIn(REPORT_REASONS, { message: MSG.reportReasonRequired })
  reason: string;

  @IsOptional()
  @IsString({ message: MSG.reportDetailsTooLong })
  @MaxLength(REPORT_DETAILS_MAX_LENGTH, { message: MSG.reportDetailsTooLong })
  details?: string | null;

  /** For wire compatibility only: assertActor refuses one that is not the caller. */
  @Allow() submitted_by?: number;
}
