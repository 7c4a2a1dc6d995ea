import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MSG, type DeleteAccountRequest } from '@gotnext/shared';

/** The password, asked again; the service answers 'Password is required.' when it is missing. */
export class DeleteAccountDto implements Partial<DeleteAccountRequest> {
  @IsOptional() @IsString({ message: MSG.passwordRequired }) @MaxLength(200, { message: 'Password must be at most 200 characters.' }) password?: string;
}
