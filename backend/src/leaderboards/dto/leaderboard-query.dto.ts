import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MSG, type LeaderboardQuery } from '@gotnext/shared';

/** ?page=&search= of GET /api/leaderboards/{region} (the client's ?timezone= is accepted and unused). */
export class LeaderboardQueryDto implements LeaderboardQuery {
  @IsOptional() @Type(() => Number) @IsInt({ message: MSG.invalidPage }) @Min(1, { message: MSG.invalidPage }) @Max(1_000_000, { message: MSG.invalidPage }) page?: number;
  @IsOptional() @IsString({ message: MSG.searchTooLong }) @MaxLength(100, { message: MSG.searchTooLong }) search?: string;
  @IsOptional() @IsString({ message: MSG.timezoneInvalid }) timezone?: string;
}
