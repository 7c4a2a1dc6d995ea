import type { ExpectedIdentity } from './id-match';

export interface IdCheckResult {
  passed: boolean;
  /** Why it failed, in words a player can act on. */
  reason?: string;
}

/**
 * Reads an ID photo and compares it with the account. OCR on this machine today; a vendor
 * service (document authenticity, liveness) can take its place by providing this token.
 */
export interface IdChecker {
  check(image: Buffer, expected: ExpectedIdentity): Promise<IdCheckResult>;
}

export const ID_CHECKER = Symbol('ID_CHECKER');
