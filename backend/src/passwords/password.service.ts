import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** The form a password is hashed and verified in: NFKC, so the same password typed on another keyboard or OS still matches. */
export const normalizePassword = (password: string) => password.normalize('NFKC');

/** argon2id with the library's current recommended cost (OWASP's second profile); passwords NFKC-normalised (docs/accounts.md#passwords). */
@Injectable()
export class PasswordService {
  private readonly options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
  /** Verified against when the account does not exist, so unknown users cost as much as wrong passwords. */
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(normalizePassword(password), this.options);
  }

  /**
   * True when `password` matches. Hashes made before passwords were normalised hold the raw text;
   * for ASCII passwords both forms are the same, and any other password is tried as typed too.
   */
  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      this.dummyHash ??= this.hash('not-a-real-password');
      await argon2.verify(await this.dummyHash, normalizePassword(password)).catch(() => false);
      return false;
    }
    const normalized = normalizePassword(password);
    if (await argon2.verify(hash, normalized).catch(() => false)) return true;
    return normalized !== password && argon2.verify(hash, password).catch(() => false);
  }
}
