import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROUTES, type RouteDef, type WireTypeName } from '@gotnext/shared';

type Schema = Record<string, unknown>;

/** JSON Schemas of the wire types, generated from the TypeScript types when libs/shared builds. */
export function loadWireSchemas(): Record<string, Schema> {
  const file = join(dirname(require.resolve('@gotnext/shared/package.json')), 'dist/api/wire-schemas.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { definitions: Record<string, Schema> }).definitions;
}

/** The generator points at '#/definitions/X'; in OpenAPI the schemas live under components. */
function rehome<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/definitions\//g, '"#/components/schemas/')) as T;
}

const ref = (name: WireTypeName | 'MatchType') => ({ $ref: `#/components/schemas/${name}` });

/** Path parameters: ids are integers, `{id}` of a notification may also be 'unread_messages', the rest are text. */
function pathParameter(name: string): Schema {
  const schema = name === 'type' ? ref('MatchType') : /Id$/.test(name) ? { type: 'integer', minimum: 1 } : { type: 'string' };
  return { name, in: 'path', required: true, schema };
}

function queryParameters(type: WireTypeName, schemas: Record<string, Schema>): Schema[] {
  const schema = schemas[type] as { properties?: Record<string, Schema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: (schema.required ?? []).includes(name),
    schema: rehome(property),
    ...(property.description ? { description: property.description } : {}),
  }));
}

function operation(name: string, route: RouteDef, schemas: Record<string, Schema>): Schema {
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => pathParameter(m[1]));
  if (route.query) params.push(...queryParameters(route.query, schemas));
  const error = { description: 'Refused or failed: `{ message }` in words a player can read (docs/api.md).', content: { 'application/json': { schema: ref('MessageResponse') } } };
  const op: Schema = {
    operationId: name,
    tags: [route.tag],
    summary: route.summary,
    ...(params.length ? { parameters: params } : {}),
    responses: {
      [String(route.status)]: { description: 'Success', content: { 'application/json': { schema: ref(route.response) } } },
      ...(route.auth === 'required' ? { '401': { ...error, description: 'No token, or a session that has ended.' } } : {}),
      ...(route.auth === 'admin' ? { '401': { ...error, description: 'Missing or wrong operator credentials.' } } : {}),
      '4XX': error,
      '5XX': error,
    },
  };
  if (route.body) {
    const schema = schemas[route.body.type] as { required?: string[] };
    op.requestBody = {
      required: (schema.required ?? []).length > 0,
      content: { [route.body.kind === 'json' ? 'application/json' : 'multipart/form-data']: { schema: ref(route.body.type) } },
    };
  }
  if (route.auth === 'required') op.security = [{ bearer: [] }];
  if (route.auth === 'optional') op.security = [{}, { bearer: [] }];
  if (route.auth === 'admin') op.security = [{ admin: [] }];
  return op;
}

/**
 * The OpenAPI document of /api/docs, built from the contract: the paths, methods, auth, statuses
 * and query/path parameters from ROUTES, every request and response schema from the shared
 * TypeScript types (docs/api.md). Nothing in it is written by hand per route.
 */
export function buildOpenApiDocument(schemas: Record<string, Schema> = loadWireSchemas()): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const [name, route] of Object.entries(ROUTES) as [string, RouteDef][]) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(name, route, schemas);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'GotNext API', description: 'Every call of the GotNext web client, from the route table in libs/shared/src/api/routes.ts.', version: '1' },
    paths,
    components: {
      schemas: rehome(schemas),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, admin: { type: 'http', scheme: 'basic' } },
    },
  };
}
