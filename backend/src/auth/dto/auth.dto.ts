import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { MSG, type ForgotPasswordRequest, type LoginRequest, type ResetPasswordRequest, type SendVerificationEmailRequest, type SignupPayload } from '@gotnext/shared';

/**
 * The DTOs only shape the body (strings, known fields, sane lengths); the spec's rules and
 * messages come from the shared validator that the signup form runs too. Where the service checks
 * presence itself (with the spec's message), the class implements Partial<request type>.
 */
export class SignupDto implements Partial<SignupPayload> {
  @IsOptional() @IsString({ message: MSG.firstNameRequired }) @MaxLength(100, { message: MSG.nameTooLong }) firstName?: string;
  @IsOptional() @IsString({ message: MSG.lastNameRequired }) @MaxLength(100, { message: MSG.nameTooLong }) lastName?: string;
  @IsOptional() @IsString({ message: MSG.phoneRequired }) @MaxLength(20, { message: MSG.phoneInvalid }) phoneNumber?: string;
  @IsOptional() @IsString({ message: MSG.emailRequired }) @MaxLength(254, { message: MSG.emailTooLong }) email?: string;
  // The 30-character limit applies to the normalised name (shared validator); this only bounds the body.
  @IsOptional() @IsString({ message: MSG.usernameRequired }) @MaxLength(100, { message: MSG.usernameTooLong }) username?: string;
  @IsOptional() @IsString({ message: MSG.passwordRequired }) @MaxLength(200, { message: MSG.passwordTooLong }) password?: string;
  @IsOptional() @IsString({ message: MSG.dobRequired }) dateOfBirth?: string;
  @IsOptional() @IsString({ message: 'Height must be text.' }) @MaxLength(10, { message: MSG.heightInvalid }) height?: string | null;
  @IsOptional() @IsString({ message: 'Weight must be text.' }) @MaxLength(20, { message: MSG.weightInvalid }) weight?: string | null;
  @IsOptional() @IsString({ message: MSG.bioRequired }) @MaxLength(1000, { message: MSG.bioTooLong }) bio?: string;
  @IsOptional() @IsString({ message: MSG.countryRequired }) state?: string;
}

export class LoginDto implements Partial<LoginRequest> {
  @ValidateIf((o) => o.identifier !== undefined) @IsString({ message: MSG.identifierRequired }) identifier?: string;
  @ValidateIf((o) => o.password !== undefined) @IsString({ message: MSG.passwordRequired }) password?: string;
}

export class ForgotPasswordDto implements Partial<ForgotPasswordRequest> {
  @IsOptional() @IsString({ message: MSG.emailRequired }) @MaxLength(254, { message: MSG.emailTooLong }) email?: string;
}

export class ResetPasswordDto implements Partial<ResetPasswordRequest> {
  @IsOptional() @IsString({ message: MSG.invalidToken }) token?: string;
  @IsOptional() @IsString({ message: MSG.bothPasswordsRequired }) @MaxLength(200, { message: MSG.passwordTooLong }) password?: string;
}

/** Logged in: no fields needed. Logged out: the address to (re)send to. */
export class SendVerificationDto implements SendVerificationEmailRequest {
  @IsOptional() @IsString({ message: MSG.emailRequired }) @MaxLength(254, { message: MSG.emailTooLong }) email?: string;
}
