import { BadRequestException, ConflictException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { MSG, validateSignupPayload, type LoginResponse, type MessageResponse, type SignupPayload, type SignupResponse } from '@gotnext/shared';
import { APP_CONFIG, AppConfig } from '../config/env';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { UsersRepository } from '../users/users.repository';
import type { EmailTokenPurpose } from './entities/email-token.entity';
import { EmailTokensService } from './email-tokens.service';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordService } from './password.service';
import { SessionsService } from '../sessions/sessions.service';
import type { ForgotPasswordDto, LoginDto, ResetPasswordDto, SignupDto } from './dto/auth.dto';

/** The first message of a field-error map, in form order: what the player should fix first. */
function firstError(errors: Record<string, string | undefined>): string | undefined {
  return Object.values(errors).find(Boolean);
}

/** Sign-up, log-in and -out, e-mail verification and password reset (docs/accounts.md). */
@Injectable()
export class AuthService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottleService,
    private readonly emailTokens: EmailTokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signup(dto: SignupDto): Promise<SignupResponse> {
    const payload = dto as Partial<SignupPayload>;
    const error = firstError(validateSignupPayload(payload));
    if (error) throw new BadRequestException({ message: error });
    const p = payload as SignupPayload;
    const taken = await this.users.taken(p.username.trim(), p.email.trim());
    if (taken.username) throw new ConflictException({ message: MSG.usernameTaken });
    if (taken.email) throw new ConflictException({ message: MSG.emailTaken });
    const passwordHash = await this.passwords.hash(p.password);
    try {
      const user = await this.users.create({
        username: p.username.trim(),
        email: p.email.trim(),
        firstName: p.firstName.trim(),
        lastName: p.lastName.trim(),
        phoneNumber: p.phoneNumber.trim(),
        dateOfBirth: p.dateOfBirth.trim(),
        height: p.height?.trim() || null,
        weight: p.weight?.trim() || null,
        state: p.state,
        bio: p.bio.trim(),
        passwordHash,
        preferences: {},
      });
      return { message: MSG.signupSuccess, user_id: user.id };
    } catch (err) {
      // Two sign-ups racing for one name: the unique index decides, the loser gets the same 409.
      if (err instanceof QueryFailedError && (err as unknown as { code?: string }).code === '23505') {
        const onUsername = String((err as unknown as { constraint?: string }).constraint).includes('username');
        throw new ConflictException({ message: onUsername ? MSG.usernameTaken : MSG.emailTaken });
      }
      throw err;
    }
  }

  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
    const identifier = dto.identifier?.trim() ?? '';
    if (!identifier) throw new BadRequestException({ message: MSG.identifierRequired });
    if (!dto.password) throw new BadRequestException({ message: MSG.passwordRequired });
    await this.throttle.assertAllowed(identifier, ip);
    const user = await this.users.findForLogin(identifier);
    const ok = await this.passwords.verify(user?.passwordHash ?? null, dto.password);
    if (!user || !ok) {
      await this.throttle.recordFailure(identifier, ip);
      throw new UnauthorizedException({ message: MSG.invalidCredentials });
    }
    await this.throttle.recordSuccess(identifier, ip);
    return { token: await this.sessions.issue(user.id), user_id: user.id, message: 'Login successful.' };
  }

  async logout(sessionId: string): Promise<MessageResponse> {
    await this.sessions.revoke(sessionId);
    return { message: 'Signed out.' };
  }

  /**
   * For the logged-in caller; a visitor may name an address instead and gets the same answer
   * whether or not it belongs to an account.
   */
  async sendVerificationEmail(userId: number | undefined, email: string | undefined): Promise<MessageResponse> {
    if (userId === undefined && !email?.trim()) throw new UnauthorizedException({ message: MSG.unauthorized });
    const user = userId !== undefined ? await this.users.getActive(userId) : await this.users.findActiveByEmail(email!);
    if (!user) return { message: MSG.verificationEmailSent };
    if (user.emailVerified) return { message: userId !== undefined ? MSG.emailAlreadyVerified : MSG.verificationEmailSent };
    await this.uow.run((tx) => this.mailLink(tx, 'verify_email', user.id, user.email));
    return { message: MSG.verificationEmailSent };
  }

  async verifyEmail(token: string): Promise<MessageResponse> {
    const userId = await this.uow.run(async (tx) => {
      const id = await this.emailTokens.consume(tx, token, 'verify_email');
      if (id === null) return null;
      await this.users.markEmailVerified(id, tx.manager);
      tx.emit('player.changed', { userIds: [id] });
      return id;
    });
    if (userId === null) throw new BadRequestException({ message: MSG.verificationLinkInvalid });
    return { message: MSG.emailVerified };
  }

  /** Same answer whether or not the address exists, so it cannot be used to probe for accounts. */
  async forgotPassword(dto: ForgotPasswordDto): Promise<MessageResponse> {
    const email = dto.email?.trim() ?? '';
    if (!email) throw new BadRequestException({ message: MSG.emailRequired });
    const user = await this.users.findActiveByEmail(email);
    if (user) await this.uow.run((tx) => this.mailLink(tx, 'reset_password', user.id, user.email));
    return { message: MSG.resetEmailSent };
  }

  /** A new password ends every session of the account, and closes its sockets. */
  async resetPassword(dto: ResetPasswordDto): Promise<MessageResponse> {
    if (!dto.token) throw new BadRequestException({ message: MSG.invalidToken });
    if (!dto.password) throw new BadRequestException({ message: MSG.bothPasswordsRequired });
    if (dto.password.length < 6) throw new BadRequestException({ message: MSG.passwordTooShort });
    const passwordHash = await this.passwords.hash(dto.password);
    const userId = await this.uow.run(async (tx) => {
      const id = await this.emailTokens.consume(tx, dto.token, 'reset_password');
      if (id === null) return null;
      await this.users.setPasswordHash(id, passwordHash, tx.manager);
      await this.sessions.revokeAll(tx, id, 'password_reset');
      return id;
    });
    if (userId === null) throw new BadRequestException({ message: MSG.invalidToken });
    return { message: MSG.passwordResetDone };
  }

  /** Issues a token and asks for the mail once it is stored. Links come from the configured public URL, never the Host header. */
  private async mailLink(tx: Tx, kind: EmailTokenPurpose, userId: number, to: string): Promise<void> {
    const { id, token } = await this.emailTokens.issue(tx, userId, kind);
    const path = kind === 'verify_email' ? 'verify-email' : 'reset-password';
    tx.emit('mail.requested', { kind, userId, tokenId: id, to, link: `${this.config.PUBLIC_URL.replace(/\/$/, '')}/${path}/${token}` });
  }
}
