import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { MSG, type SignupPayload } from '@gotnext/shared';

/**
 * The DTOs only shape the body (strings, known fields, sane lengths); the spec's rules and
 * messages come from the shared validator that the signup form runs too.
 */
export class SignupDto implements Partial<SignupPayload> {
  @ApiProperty() @IsOptional() @IsString({ message: MSG.firstNameRequired }) @MaxLength(100) firstName?: string;
  @ApiProperty() @IsOptional() @IsString({ message: MSG.lastNameRequired }) @MaxLength(100) lastName?: string;
  @ApiProperty() @IsOptional() @IsString({ message: MSG.phoneRequired }) @MaxLength(20) phoneNumber?: string;
  @ApiProperty() @IsOptional() @IsString({ message: MSG.emailRequired }) @MaxLength(254) email?: string;
  @ApiProperty() @IsOptional() @IsString({ message: MSG.usernameRequired }) @MaxLength(30, { message: 'Username must be at most 30 characters.' }) username?: string;
  @ApiProperty() @IsOptional() @IsString({ message: MSG.passwordRequired }) @MaxLength(200, { message: 'Password must be at most 200 characters.' }) password?: string;
  @ApiProperty({ example: '2000-01-31' }) @IsOptional() @IsString({ message: MSG.dobRequired }) dateOfBirth?: string;
  @ApiPropertyOptional({ nullable: true, example: `6'1` }) @IsOptional() @IsString({ message: 'Height must be text.' }) @MaxLength(10) height?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString({ message: 'Weight must be text.' }) @MaxLength(20) weight?: string | null;
  @ApiProperty() @IsOptional() @IsString({ message: MSG.bioRequired }) @MaxLength(1000, { message: 'Bio must be at most 1000 characters.' }) bio?: string;
  @ApiProperty({ description: "US state code, 'United States', or a country name" }) @IsOptional() @IsString({ message: MSG.countryRequired }) state?: string;
}

export class LoginDto {
  @ApiProperty({ description: 'Username or e-mail' }) @ValidateIf((o) => o.identifier !== undefined) @IsString({ message: MSG.identifierRequired }) identifier?: string;
  @ApiProperty() @ValidateIf((o) => o.password !== undefined) @IsString({ message: MSG.passwordRequired }) password?: string;
}

export class ForgotPasswordDto {
  @ApiProperty() @IsOptional() @IsString({ message: MSG.emailRequired }) @MaxLength(254) email?: string;
}

export class ResetPasswordDto {
  @ApiProperty() @IsOptional() @IsString({ message: MSG.invalidToken }) token?: string;
  @ApiProperty() @IsOptional() @IsString({ message: MSG.bothPasswordsRequired }) @MaxLength(200) password?: string;
}

/** Logged in: no fields needed. Logged out: the address to (re)send to. */
export class SendVerificationDto {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: MSG.emailRequired }) @MaxLength(254) email?: string;
}
