import { Body, Controller, Get, Headers, HttpCode, Ip, Param, Post, UseGuards } from '@nestjs/common';
import type { LoginResponse, MessageResponse, SignupResponse } from '@gotnext/shared';
import { AuthGuard, OptionalAuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import { AuthService } from './auth.service';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { SendVerificationDto, ForgotPasswordDto, LoginDto, ResetPasswordDto, SignupDto } from './dto/auth.dto';

/**
 * Account and session calls (docs/accounts.md); each returns its response type of the contract.
 * `@Ip()` is the client's address: the connection's own, or from X-Forwarded-For only when the
 * connection comes from a proxy of TRUSTED_PROXIES (docs/accounts.md#throttling).
 */
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('signup')
  signup(@Body() dto: SignupDto, @Ip() ip: string, @Headers('user-agent') device?: string): Promise<SignupResponse> {
    return this.auth.signup(dto, ip, device);
  }

  @Post('login')
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Ip() ip: string, @Headers('user-agent') device?: string): Promise<LoginResponse> {
    return this.auth.login(dto, ip, device);
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  logout(@CurrentUser() actor: AuthenticatedUser): Promise<MessageResponse> {
    return this.auth.logout(actor.sessionId);
  }

  @Post('send-verification-email')
  @HttpCode(200)
  @UseGuards(OptionalAuthGuard)
  sendVerificationEmail(@CurrentUser() actor: AuthenticatedUser | undefined, @Body() body: SendVerificationDto, @Ip() ip: string): Promise<MessageResponse> {
    return this.auth.sendVerificationEmail(actor?.id, body.email, ip);
  }

  @Get('verify-email/:token')
  verifyEmail(@Param('token') token: string): Promise<MessageResponse> {
    return this.auth.verifyEmail(token);
  }

  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@Body() dto: ForgotPasswordDto, @Ip() ip: string): Promise<MessageResponse> {
    return this.auth.forgotPassword(dto, ip);
  }

  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body() dto: ResetPasswordDto, @Ip() ip: string): Promise<MessageResponse> {
    return this.auth.resetPassword(dto, ip);
  }
}
