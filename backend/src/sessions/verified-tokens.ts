import { CappedMap } from '../common/capped-map';

/**
 * Tokens whose signature this process has already checked, with their claims. A client sends the
 * same token on every request, and checking its HS256 signature through jsonwebtoken costs tens
 * of µs of CPU per request (reads bench), a lookup here well under one. Only a token that
 * verified is kept, keyed by all of its text (a token differing in any byte is another key); its
 * expiry is checked again at every use, as jsonwebtoken checks it (expired once now ≥ exp). The
 * session behind it is still checked on every request, so revocation stays immediate
 * (docs/accounts.md#session-cache). Cleared when full: a flood of tokens costs memory only up to the cap.
 */
export class VerifiedTokens<Claims extends { exp: number }> {
  private readonly claims: CappedMap<string, Claims>;

  constructor(cap = 10_000) {
    this.claims = new CappedMap(cap);
  }

  /** The claims of a token verified before and not expired now; undefined otherwise. */
  get(token: string, nowMs = Date.now()): Claims | undefined {
    const claims = this.claims.get(token);
    if (claims && Math.floor(nowMs / 1000) >= claims.exp) {
      this.claims.delete(token);
      return undefined;
    }
    return claims;
  }

  /** After jsonwebtoken verified the token. */
  remember(token: string, claims: Claims): void {
    this.claims.set(token, claims);
  }
}
