import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { EMAIL_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from '@gotnext/shared';
import { EmailTokenEntity, EmailTokenPurpose } from './entities/email-token.entity';

const TTL: Record<EmailTokenPurpose, number> = { verify_email: EMAIL_TOKEN_TTL_MS, reset_password: RESET_TOKEN_TTL_MS };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256-bit random, stored hashed, single use, a newer token replaces older ones (RULES.md). */
@Injectable()
export class EmailTokensService {
  constructor(@InjectRepository(EmailTokenEntity) private readonly tokens: Repository<EmailTokenEntity>) {}

  async issue(userId: number, purpose: EmailTokenPurpose): Promise<{ id: number; token: string }> {
    const token = randomBytes(32).toString('base64url');
    return this.tokens.manager.transaction(async (m) => {
      await m.delete(EmailTokenEntity, { userId, purpose, usedAt: IsNull() });
      const row = await m.save(EmailTokenEntity, m.create(EmailTokenEntity, {
        userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TTL[purpose]),
      }));
      return { id: row.id, token };
    });
  }

  /** Marks the token used inside `m` and returns its user, or null when unknown, used or expired. */
  async consume(m: EntityManager, token: unknown, purpose: EmailTokenPurpose): Promise<number | null> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
    const rows: { user_id: number }[] = await m.query(
      `UPDATE email_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [hashToken(token), purpose],
    );
    // TypeORM returns [rows, count] for UPDATE ... RETURNING on postgres.
    const list = Array.isArray(rows[0]) ? (rows[0] as unknown as { user_id: number }[]) : rows;
    return list.length ? list[0].user_id : null;
  }
}
