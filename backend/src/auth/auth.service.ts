import { BadRequestException, ConflictException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import type { Queue } from 'bullmq';
import { MSG, validateSignupPayload, type SignupPayload } from '@gotnext/shared';
import { APP_CONFIG, AppConfig } from '../config/env';
import { InjectQueue } from '../jobs/jobs.module';
import { EmailJob, jobIds } from '../jobs/queues';
import { UserEntity } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { EmailTokensService } from './email-tokens.service';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';
import { PlayerStandingService } from '../ratings/player-standing.service';
import type { ForgotPasswordDto, LoginDto, ResetPasswordDto, SignupDto } from './dto/auth.dto';

/** The first message of a field-error map, in form order: what the player should fix first. */
function firstError(errors: Record<string, string | undefined>): string | undefined {
  return Object.values(errors).find(Boolean);
}

@Injectable()
export class AuthService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottleService,
    private readonly emailTokens: EmailTokensService,
    @InjectQueue('email') private readonly emailQueue: Queue<EmailJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly standing: PlayerStandingService,
  ) {}

  async signup(dto: SignupDto): Promise<{ message: string; user_id: number }> {
    const payload = dto as Partial<SignupPayload>;
    const error = firstError(validateSignupPayload(payload));
    if (error) throw new BadRequestException({ message: error });
    const p = payload as SignupPayload;
    const taken = await this.db.query(
      `SELECT lower(username) = lower($1) AS username, lower(email) = lower($2) AS email FROM users
        WHERE lower(username) = lower($1) OR lower(email) = lower($2)`,
      [p.username.trim(), p.email.trim()],
    );
    if (taken.some((r: { username: boolean }) => r.username)) throw new ConflictException({ message: MSG.usernameTaken });
    if (taken.length) throw new ConflictException({ message: MSG.emailTaken });
    const passwordHash = await this.passwords.hash(p.password);
    try {
      const user = await this.db.getRepository(UserEntity).save({
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

  async login(dto: LoginDto, ip: string): Promise<{ token: string; user_id: number; message: string }> {
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

  async logout(sessionId: string): Promise<{ message: string }> {
    await this.sessions.revoke(sessionId);
    return { message: 'Signed out.' };
  }

  /**
   * For the logged-in caller; a visitor may name an address instead and gets the same answer
   * whether or not it belongs to an account.
   */
  async sendVerificationEmail(userId: number | undefined, email: string | undefined): Promise<{ message: string }> {
    if (userId === undefined && !email?.trim()) throw new UnauthorizedException({ message: MSG.unauthorized });
    const user = userId !== undefined ? await this.users.getActive(userId) : await this.users.findActiveByEmail(email!);
    if (!user) return { message: MSG.verificationEmailSent };
    if (user.emailVerified) return { message: userId !== undefined ? MSG.emailAlreadyVerified : MSG.verificationEmailSent };
    const { id, token } = await this.emailTokens.issue(user.id, 'verify_email');
    await this.enqueueMail({ kind: 'verify_email', userId: user.id, to: user.email, link: this.link('verify-email', token) }, id);
    return { message: MSG.verificationEmailSent };
  }

  async verifyEmail(token: string): Promise<{ message: string }> {
    const userId = await this.db.transaction(async (m) => {
      const id = await this.emailTokens.consume(m, token, 'verify_email');
      if (id !== null) await m.update(UserEntity, { id }, { emailVerified: true });
      return id;
    });
    if (userId === null) throw new BadRequestException({ message: MSG.verificationLinkInvalid });
    await this.standing.refresh(userId);
    return { message: MSG.emailVerified };
  }

  /** Same answer whether or not the address exists, so it cannot be used to probe for accounts. */
  async forgotPassword(dto: ForgotPasswordDto): Promise<{ message: string }> {
    const email = dto.email?.trim() ?? '';
    if (!email) throw new BadRequestException({ message: MSG.emailRequired });
    const user = await this.users.findActiveByEmail(email);
    if (user) {
      const { id, token } = await this.emailTokens.issue(user.id, 'reset_password');
      await this.enqueueMail({ kind: 'reset_password', userId: user.id, to: user.email, link: this.link('reset-password', token) }, id);
    }
    return { message: MSG.resetEmailSent };
  }

  async resetPassword(dto: ResetPasswordDto): Promise<{ message: string }> {
    if (!dto.token) throw new BadRequestException({ message: MSG.invalidToken });
    if (!dto.password) throw new BadRequestException({ message: MSG.bothPasswordsRequired });
    if (dto.password.length < 6) throw new BadRequestException({ message: MSG.passwordTooShort });
    const passwordHash = await this.passwords.hash(dto.password);
    const userId = await this.db.transaction(async (m) => {
      const id = await this.emailTokens.consume(m, dto.token, 'reset_password');
      if (id === null) return null;
      await m.update(UserEntity, { id }, { passwordHash });
      return id;
    });
    if (userId === null) throw new BadRequestException({ message: MSG.invalidToken });
    await this.sessions.revokeAll(userId, 'password_reset');
    return { message: MSG.passwordResetDone };
  }

  /** Links come from the configured public URL, never from the request's Host header. */
  private link(path: string, token: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/${path}/${token}`;
  }

  private async enqueueMail(job: EmailJob, tokenId: number): Promise<void> {
    await this.emailQueue.add(job.kind, job, { jobId: jobIds.email(job.kind, tokenId) });
  }
}
