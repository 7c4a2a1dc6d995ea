import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { MSG } from '@gotnext/shared';

export class BlockUserDto {
  @ApiProperty() @IsDefined({ message: MSG.blockUsernameRequired }) @IsString({ message: MSG.blockUsernameRequired }) @MaxLength(100, { message: MSG.playerNotFound }) username: string;
}

/** Core §7: userId or username. */
export class UnblockUserDto {
  @ApiPropertyOptional() @IsOptional() @IsInt({ message: MSG.playerNotFound }) userId?: number;
  @ApiPropertyOptional() @IsOptional() @IsString({ message: MSG.blockUsernameRequired }) @MaxLength(100, { message: MSG.playerNotFound }) username?: string;
}
