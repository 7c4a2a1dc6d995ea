import { dictionary } from '@zxcvbn-ts/language-common';
import { normalizePassword } from './password.service';

/**
 * The ~49,000 most common passwords of leaked-password lists, shipped with
 * @zxcvbn-ts/language-common (nothing is downloaded). Loaded on first use.
 */
let common: Set<string> | undefined;

/** True for a password found in the list, compared NFKC-normalised and case-insensitively (docs/accounts.md#passwords). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(normalizePassword(password).toLowerCase());
}
