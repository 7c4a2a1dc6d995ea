import { ROUTES, type RouteDef } from '@gotnext/shared';
import { mountedRoutes } from '../src/common/mounted-routes';
import { useTestApp } from './support/harness';

/**
 * The route table (libs/shared/src/api/routes.ts) against the routes the booted API really mounts:
 * a listed call without a route fails, and so does a mounted route that is not listed.
 */
describe('route contract: ROUTES is exactly what the API mounts under /api', () => {
  let mounted: string[];

  useTestApp({}, ({ apis }) => {
    mounted = mountedRoutes(apis[0].app).map((r) => `${r.method} ${r.url}`);
  });

  /** ROUTES writes `{param}`; Fastify mounts `:param`. */
  const listed = (Object.values(ROUTES) as RouteDef[]).map((r) => `${r.method} ${r.path.replace(/\{(\w+)\}/g, ':$1')}`);

  /** Mounted but deliberately outside the contract: no client screen calls them. */
  const OUTSIDE_THE_CONTRACT: [RegExp, string][] = [
    [/^HEAD /, 'Fastify answers HEAD for every GET'],
    [/^OPTIONS /, 'CORS preflight'],
    [/^GET \/uploads\/\*$/, 'stored pictures, linked from profile_picture paths'],
    [/^(GET|POST|PUT|DELETE|PATCH) \/admin\/queues(\/|$)/, 'the bull-board dashboard, behind the admin credentials'],
    [/^GET \/api\/docs(\/|-yaml|$)/, 'the OpenAPI document (JSON, YAML) and its UI'],
  ];
  const outside = (route: string) => OUTSIDE_THE_CONTRACT.some(([pattern]) => pattern.test(route));

  it('mounts every listed call', () => {
    expect(mounted.length).toBeGreaterThan(listed.length); // the recorder saw the app's routes
    const missing = listed.filter((r) => !mounted.includes(r));
    expect(missing).toEqual([]);
  });

  it('lists every mounted /api route (health included), leaving out only the named exceptions', () => {
    const unlisted = mounted.filter((r) => !listed.includes(r) && !outside(r));
    expect(unlisted).toEqual([]);
  });

  it('names each exception for a route that exists', () => {
    for (const [pattern, why] of OUTSIDE_THE_CONTRACT) expect(`${pattern} (${why}): ${mounted.some((r) => pattern.test(r))}`).toBe(`${pattern} (${why}): true`);
  });
});
