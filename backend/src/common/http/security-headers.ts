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

/**
 * The headers of an answer under /api/ (docs/api.md#cors-and-headers), every one JSON: the OWASP
 * REST Security Cheat Sheet's set. A JSON answer is never rendered as a page (nosniff, a JSON
 * content type), so what only a page uses is left off: the policy for its scripts and styles,
 * the opener and agent cluster, the referrer and DNS prefetch, IE's and Flash's own headers.
 * Nine headers fewer to set, validate and write on every call (bench/health.bench.mjs,
 * docs/architecture.md#per-request-cost). What stays: it loads nothing and is never framed,
 * transport security, no sniffing, the resource policy of the page's headers, and no-store.
 */
export function apiAnswerHeaders(page: Readonly<Record<string, string>>): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': page['cross-origin-resource-policy'],
    'strict-transport-security': page['strict-transport-security'],
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}
