/**
 * What a bearer token is for (docs/accounts.md#sessions-and-logout). The API signs one kind today,
 * the access token; `aud` and `typ` are checked on every verify so that a token signed with the
 * same secret for another service or another purpose (a future refresh or link token) never opens
 * a session. A token without them (signed before this check) is refused: the player logs in again.
 */
export const ACCESS_TOKEN_AUDIENCE = 'gotnext-api';
export const ACCESS_TOKEN_TYPE = 'access';
