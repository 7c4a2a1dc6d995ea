/**
 * PostgreSQL itself away: the server ended our connection (57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 not accepting yet, class 08 connection exceptions), the socket closed under a
 * query ("Connection terminated"), or nothing listens. The request cannot be served now but a retry
 * in a moment can: 503, not 500 (docs/architecture.md#when-redis-is-away).
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const TERMINATED = /^Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  // TypeORM's QueryFailedError keeps pg's error as driverError.
  for (const e of [err, (err as { driverError?: unknown }).driverError, (err as { cause?: unknown }).cause]) {
    if (!(e instanceof Error)) continue;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (PG_CODES.has(code) || SOCKET_CODES.has(code))) return true;
    if (TERMINATED.test(e.message)) return true;
  }
  return false;
}
