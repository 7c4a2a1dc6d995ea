/** Who is calling: the user and the session their token belongs to. */
export interface AuthenticatedUser {
  id: number;
  sessionId: string;
  /** When the token stops being valid (ms since epoch): a socket opened with it is closed then. */
  expiresAt: number;
}

/**
 * Turns a bearer token into the user behind it, or null for a missing, forged, expired or revoked
 * one. The auth feature provides it (SessionsService); guards and the socket gateway depend only
 * on this, so common/ needs nothing from auth/.
 */
export abstract class Authenticator {
  abstract authenticate(token: string | undefined | null): Promise<AuthenticatedUser | null>;
}
