import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from '@gotnext/shared';
import type { Tx } from '../database/unit-of-work';
import type { EmailTokenPurpose } from './entities/email-token.entity';
import { EmailTokensRepository } from './email-tokens.repository';

const TTL: Record<EmailTokenPurpose, number> = { verify_email: EMAIL_TOKEN_TTL_MS, reset_password: RESET_TOKEN_TTL_MS };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256-bit random, stored hashed, single use, a newer token replaces older ones (docs/accounts.md). */
@Injectable()
export class EmailTokensService {
  constructor(private readonly tokens: EmailTokensRepository) {}

  async issue(tx: Tx, userId: number, purpose: EmailTokenPurpose): Promise<{ id: number; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const id = await this.tokens.replace(userId, purpose, hashToken(token), new Date(Date.now() + TTL[purpose]), tx.manager);
    return { id, token };
  }

  /** Marks the token used inside `tx` and returns its user, or null when unknown, used or expired. */
  consume(tx: Tx, token: unknown, purpose: EmailTokenPurpose): Promise<number | null> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return Promise.resolve(null);
    return this.tokens.consume(hashToken(token), purpose, tx.manager);
  }

  /** A link that no longer works but whose account is verified already (docs/accounts.md#e-mail-verification). */
  ownerVerified(token: unknown, purpose: EmailTokenPurpose): Promise<boolean> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return Promise.resolve(false);
    return this.tokens.ownerVerified(hashToken(token), purpose);
  }
}
