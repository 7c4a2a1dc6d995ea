import { IsDefined, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDbId } from '../../common/input/db-id';
import { MSG, type BlockUserRequest, type UnblockUserRequest } from '@gotnext/shared';

export class BlockUserDto implements BlockUserRequest {
  @IsDefined({ message: MSG.blockUsernameRequired }) @IsString({ message: MSG.blockUsernameRequired }) @MaxLength(100, { message: MSG.playerNotFound }) username: string;
}

/** userId or username (docs/api.md). */
export class UnblockUserDto implements UnblockUserRequest {
  @IsOptional() @IsDbId(MSG.playerNotFound) userId?: number;
  @IsOptional() @IsString({ message: MSG.blockUsernameRequired }) @MaxLength(100, { message: MSG.playerNotFound }) username?: string;
}
