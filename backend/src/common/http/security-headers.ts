import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer, computed once at boot by helmet itself (so they are
 * exactly helmet's), then set with one call per request. @fastify/helmet rebuilt the helmet
 * middleware, re-parsing the Content-Security-Policy, on every request: about a tenth of the API's
 * CPU on `/api/health` (bench/health.bench.mjs, docs/architecture.md#per-request-cost).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
