import { timingSafeEqual } from 'node:crypto';

export interface AdminCredentials {
  user: string;
  /** Unset: nobody is an operator (every admin call answers 401). */
  password?: string;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether an `Authorization: Basic …` header carries the operators' credentials (ADMIN_USER /
 * ADMIN_PASSWORD). The one check behind every ops page and call, and the job board
 * (docs/architecture.md#the-ops-area).
 */
export function isAdminAuthorization(header: unknown, admin: AdminCredentials): boolean {
  if (typeof header !== 'string' || !admin.password) return false;
  const [scheme, encoded] = header.split(' ');
  if (scheme !== 'Basic' || !encoded) return false;
  const [user, ...rest] = Buffer.from(encoded, 'base64').toString().split(':');
  // Both compared every time, so a wrong user name costs as long as a wrong password.
  const userOk = sameSecret(user ?? '', admin.user);
  const passwordOk = sameSecret(rest.join(':'), admin.password);
  return userOk && passwordOk;
}
