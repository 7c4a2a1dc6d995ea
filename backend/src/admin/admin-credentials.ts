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

/** The user name and password of an `Authorization: Basic …` header, or null when there is none. */
export function basicCredentials(header: unknown): { user: string; password: string } | null {
  if (typeof header !== 'string') return null;
  const [scheme, encoded] = header.split(' ');
  if (scheme !== 'Basic' || !encoded) return null;
  const [user, ...rest] = Buffer.from(encoded, 'base64').toString().split(':');
  return { user: user ?? '', password: rest.join(':') };
}

/**
 * Whether an `Authorization: Basic …` header carries the operators' credentials (ADMIN_USER /
 * ADMIN_PASSWORD). The one comparison behind every ops page and call, and the job board
 * (docs/architecture.md#the-ops-area); AdminLogin puts the login throttle in front of it.
 */
export function isAdminAuthorization(header: unknown, admin: AdminCredentials): boolean {
  const given = basicCredentials(header);
  if (!given || !admin.password) return false;
  // Both compared every time, so a wrong user name costs as long as a wrong password.
  const userOk = sameSecret(given.user, admin.user);
  const passwordOk = sameSecret(given.password, admin.password);
  return userOk && passwordOk;
}
