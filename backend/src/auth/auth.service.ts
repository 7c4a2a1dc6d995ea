import { BadRequestException, ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import {
  MIN_PASSWORD_LENGTH,
  MSG,
  normalizeUsername,
  validateSignupPayload,
  type LoginResponse,
  type MessageResponse,
  type SignupPayload,
  type SignupResponse,
} from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { isCommonPassword } from '../passwords/common-passwords';
import { PasswordService } from '../passwords/password.service';
import { SessionsService } from '../sessions/sessions.service';
import { loginAccount, LoginAttempts } from '../throttle/login-attempts';
import { RequestLimits } from '../throttle/request-limits';
import { UsersRepository } from '../users/users.repository';
import { EmailTokensService } from './email-tokens.service';
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
    private readonly attempts: LoginAttempts,
    private readonly limits: RequestLimits,
    private readonly emailTokens: EmailTokensService,
  ) {}

  /** `address` is the client's (docs/accounts.md#throttling): sign-ups are limited per address and per e-mail. */
  async signup(dto: SignupDto, address: string, device?: string): Promise<SignupResponse> {
    const payload = dto as Partial<SignupPayload>;
    const error = firstError(validateSignupPayload(payload));
    if (error) throw new BadRequestException({ message: error });
    const p = payload as SignupPayload;
    if (isCommonPassword(p.password)) throw new BadRequestException({ message: MSG.passwordTooCommon });
    const username = normalizeUsername(p.username);
    await this.limits.signup(address, p.email);
    const taken = await this.users.taken(username, p.email.trim());
    if (taken.username) throw new ConflictException({ message: MSG.usernameTaken });
    if (taken.email) throw new ConflictException({ message: MSG.emailTaken });
    const passwordHash = await this.passwords.hash(p.password);
    try {
      // The verification mail goes out with the new account (docs/accounts.md#signup-rules): its
      // link is issued by the worker, and a later one from /verification replaces it.
      const user = await this.uow.run(async (tx) => {
        const created = await this.users.create(
          {
            username,
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
          },
          tx.manager,
        );
        tx.emit('mail.requested', { kind: 'verify_email', userId: created.id });
        return created;
      });
      // The new player is logged in at once: no second typing of what they just chose.
      return { message: MSG.signupSuccess, user_id: user.id, token: await this.sessions.issue(user.id, { address, device }) };
    } catch (err) {
      // Two sign-ups racing for one name: the unique index decides, the loser gets the same 409.
      if (err instanceof QueryFailedError && (err as unknown as { code?: string }).code === '23505') {
        const onUsername = String((err as unknown as { constraint?: string }).constraint).includes('username');
        throw new ConflictException({ message: onUsername ? MSG.usernameTaken : MSG.emailTaken });
      }
      throw err;
    }
  }

  /**
   * The attempt is counted against the account (one counter, whether the player typed the
   * username or the e-mail) before the password is checked, and taken back if it was right.
   */
  async login(dto: LoginDto, address: string, device?: string): Promise<LoginResponse> {
    const identifier = dto.identifier?.trim() ?? '';
    if (!identifier) throw new BadRequestException({ message: MSG.identifierRequired });
    if (!dto.password) throw new BadRequestException({ message: MSG.passwordRequired });
    const user = await this.users.findForLogin(identifier);
    const account = user ? loginAccount.user(user.id) : loginAccount.unknown(normalizeUsername(identifier).toLowerCase());
    const attempt = await this.attempts.beginOrRefuse(account, address);
    const success = user ? await this.attempts.successOrRefuse(account) : undefined;
    const ok = await this.passwords.verify(user?.passwordHash ?? null, dto.password);
    if (!user || !ok) {
      await success?.failed();
      throw attempt.wrong(new UnauthorizedException({ message: MSG.invalidCredentials }));
    }
    await attempt.succeeded();
    return { token: await this.sessions.issue(user.id, { address, device }), user_id: user.id, message: 'Login successful.' };
  }

  async logout(sessionId: string): Promise<MessageResponse> {
    await this.sessions.revoke(sessionId);
    return { message: 'Signed out.' };
  }

  /**
   * For the logged-in caller (their own account, so looking it up reveals nothing); a visitor
   * names an address instead and the API does not look it up at all: the worker does, so the
   * answer and the work done here are the same whether or not the address has an account.
   */
  async sendVerificationEmail(userId: number | undefined, email: string | undefined, address: string): Promise<MessageResponse> {
    if (userId !== undefined) {
      const user = await this.users.getActive(userId);
      if (user.emailVerified) return { message: MSG.emailAlreadyVerified };
      await this.limits.mail('verify_email', address, user.email);
      await this.uow.publish('mail.requested', { kind: 'verify_email', userId });
      return { message: MSG.verificationEmailSent };
    }
    const to = email?.trim() ?? '';
    if (!to) throw new UnauthorizedException({ message: MSG.unauthorized });
    await this.limits.mail('verify_email', address, to);
    await this.uow.publish('mail.requested', { kind: 'verify_email', email: to });
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
    if (userId === null) {
      // Opened again after it worked (or after a newer link did): say so instead of an error (docs/accounts.md#e-mail-verification).
      if (await this.emailTokens.ownerVerified(token, 'verify_email')) return { message: MSG.emailAlreadyVerified };
      throw new BadRequestException({ message: MSG.verificationLinkInvalid });
    }
    return { message: MSG.emailVerified };
  }

  /** Same answer, and the same work, whether or not the address exists: the worker looks it up. */
  async forgotPassword(dto: ForgotPasswordDto, address: string): Promise<MessageResponse> {
    const email = dto.email?.trim() ?? '';
    if (!email) throw new BadRequestException({ message: MSG.emailRequired });
    await this.limits.mail('reset_password', address, email);
    await this.uow.publish('mail.requested', { kind: 'reset_password', email });
    return { message: MSG.resetEmailSent };
  }

  /**
   * A new password ends every session of the account (and closes its sockets) and lifts every login
   * lock on it. Counted per address, and the link is taken before the password is hashed, so a
   * junk link costs no argon2 (docs/accounts.md#argon2-budget); a failed hash rolls the link back.
   */
  async resetPassword(dto: ResetPasswordDto, address: string): Promise<MessageResponse> {
    if (!dto.token) throw new BadRequestException({ message: MSG.invalidToken });
    if (!dto.password) throw new BadRequestException({ message: MSG.bothPasswordsRequired });
    if (dto.password.length < MIN_PASSWORD_LENGTH) throw new BadRequestException({ message: MSG.passwordTooShort });
    if (isCommonPassword(dto.password)) throw new BadRequestException({ message: MSG.passwordTooCommon });
    const password = dto.password;
    await this.limits.resetPassword(address);
    const userId = await this.uow.run(async (tx) => {
      const id = await this.emailTokens.consume(tx, dto.token, 'reset_password');
      if (id === null) return null;
      await this.users.setPasswordHash(id, await this.passwords.hash(password), tx.manager);
      await this.sessions.revokeAll(tx, id, 'password_reset');
      return id;
    });
    if (userId === null) throw new BadRequestException({ message: MSG.invalidToken });
    await this.attempts.clearAccount(loginAccount.user(userId));
    return { message: MSG.passwordResetDone };
  }
}
