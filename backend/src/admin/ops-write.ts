import type { FastifyRequest } from 'fastify';
import { MSG, OPS_REQUEST_HEADER, ROUTES, type RouteDef } from '@gotnext/shared';

export type OpsWriteProblem = { status: 403 | 415; message: string } | null;

/** The admin calls whose body is a multipart form (the article upload), as Fastify names their routes. */
const MULTIPART_ROUTES = new Set(
  (Object.values(ROUTES) as RouteDef[]).filter((r) => r.auth === 'admin' && r.body?.kind === 'multipart').map((r) => `${r.method} ${r.path.replace(/\{(\w+)\}/g, ':$1')}`),
);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where the browser says so: a write from another origin than ours (or the listed dev ones), or from no page at all. */
function crossSite(req: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigins.has(origin)) return true;
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && !(site === 'same-site' && origin !== undefined);
}

/**
 * The job board's own screens (bull-board) send no ops header; their writes are held to the
 * origin and site checks alone.
 */
export function browserWriteProblem(req: FastifyRequest, allowedOrigins: ReadonlySet<string>): OpsWriteProblem {
  return !READS.has(req.method) && crossSite(req, allowedOrigins) ? { status: 403, message: MSG.opsWriteForeign } : null;
}

/**
 * Whether an admin write comes from the ops screens (docs/api.md#ops-writes). A browser that
 * remembers the operators' Basic login (the dialog of /api/docs or the job board) sends it with
 * any request, also one a page on another site makes; such a page can send a form (urlencoded,
 * multipart, text/plain) without asking, but no custom header and no JSON without the server's
 * CORS consent, which other origins do not get. So a write needs the ops header, a JSON body (or
 * the upload's multipart), and, where the browser says, its own origin and site.
 */
export function opsWriteProblem(req: FastifyRequest, allowedOrigins: ReadonlySet<string>): OpsWriteProblem {
  if (READS.has(req.method)) return null;
  const foreign = { status: 403, message: MSG.opsWriteForeign } as const;
  if (req.headers[OPS_REQUEST_HEADER] !== '1' || crossSite(req, allowedOrigins)) return foreign;
  const type = req.headers['content-type']?.split(';')[0].trim().toLowerCase();
  const hasBody = type !== undefined || Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || type === 'application/json') return null;
  if (type === 'multipart/form-data' && MULTIPART_ROUTES.has(`${req.method} ${req.routeOptions.url}`)) return null;
  return { status: 415, message: MSG.opsWriteJsonOnly };
}
