import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import ts from 'typescript';
import { ROUTES, type RouteDef } from '@gotnext/shared';
import { useTestApp } from './support/harness';

const ROOT = resolve(__dirname, '../..');

/**
 * The served OpenAPI document, as a client generator reads it: every call of ROUTES is there with
 * a typed request and response, and a client generated from it with openapi-typescript compiles
 * and has, for every route, exactly the shared contract's body, query, path parameter names and
 * success response (docs/api.md).
 */
describe('OpenAPI document: built from the route table, every request and response typed', () => {
  let url: string;
  let doc: { paths: Record<string, Record<string, Record<string, unknown>>> };
  const dir = mkdtempSync(join(tmpdir(), 'gotnext-openapi-'));

  useTestApp({}, ({ apis }) => {
    url = apis[0].url;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    // Outside development the document is the admin's (docs/api.md#openapi).
    doc = (await request(url).get('/api/docs/json').auth('admin', 'admin-secret').expect(200)).body;
  });

  const routes = Object.entries(ROUTES) as [string, RouteDef][];
  const jsonOrForm = (r: RouteDef) => (r.body?.kind === 'multipart' ? 'multipart/form-data' : 'application/json');

  it('has every route, with a typed success answer and a typed body for every write that takes one', () => {
    for (const [name, r] of routes) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()] as
        | {
            operationId: string;
            responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
            requestBody?: { content: Record<string, { schema: { $ref: string } }> };
          }
        | undefined;
      expect(`${name}: ${op ? op.operationId : 'MISSING'}`).toBe(`${name}: ${name}`);
      expect(op!.responses[String(r.status)].content?.['application/json']?.schema?.$ref).toBe(`#/components/schemas/${r.response}`);
      if (r.body) expect(op!.requestBody?.content[jsonOrForm(r)].schema.$ref).toBe(`#/components/schemas/${r.body.type}`);
    }
    expect(Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0)).toBe(routes.length);
  });

  it('generates a client (openapi-typescript) whose types equal the shared ones, route by route', () => {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
    execFileSync(process.execPath, [join(__dirname, 'support/openapi-client.mjs'), join(dir, 'openapi.json'), join(dir, 'api.ts')], { cwd: ROOT, stdio: 'pipe' });

    const lines = routes.flatMap(([name, r]) => {
      const op = `paths['${r.path}']['${r.method.toLowerCase()}']`;
      const checks = [`type ${name}_response = Assert<Equal<${op}['responses'][${r.status}]['content']['application/json'], ResponseOf<R['${name}']>>>;`];
      if (r.body) checks.push(`type ${name}_body = Assert<Equal<NonNullable<${op}['requestBody']>['content']['${jsonOrForm(r)}'], RequestOf<R['${name}']>>>;`);
      else checks.push(`type ${name}_no_body = Assert<Equal<${op}['requestBody'], undefined>>;`);
      if (r.query) checks.push(`type ${name}_query = Assert<Equal<NonNullable<${op}['parameters']['query']>, QueryOf<R['${name}']>>>;`);
      if (r.path.includes('{')) checks.push(`type ${name}_path = Assert<Equal<keyof NonNullable<${op}['parameters']['path']>, keyof PathParams<R['${name}']['path']>>>;`);
      else checks.push(`type ${name}_no_path = Assert<Equal<NonNullable<${op}['parameters']['path']>, never>>;`);
      return checks;
    });
    writeFileSync(
      join(dir, 'assertions.ts'),
      [
        `import type { paths } from './api';`,
        `import type { PathParams, QueryOf, RequestOf, ResponseOf, ROUTES } from '@gotnext/shared';`,
        `type R = typeof ROUTES;`,
        `/** Structural normal form: interfaces, intersections and refs become plain object types. */`,
        `type Norm<T> = T extends Blob ? Blob : T extends readonly (infer U)[] ? Norm<U>[] : T extends object ? { [K in keyof T]: Norm<T[K]> } : T;`,
        `type Equal<A, B> = (<T>() => T extends Norm<A> ? 1 : 2) extends (<T>() => T extends Norm<B> ? 1 : 2) ? true : false;`,
        `type Assert<T extends true> = T;`,
        ...lines,
        `// A check that cannot fail would prove nothing: this one must not compile.`,
        `type must_fail = Assert<Equal<paths['/api/login']['post']['responses'][200]['content']['application/json'], ResponseOf<R['logout']>>>;`,
        '',
      ].join('\n'),
    );

    const program = ts.createProgram([join(dir, 'assertions.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules/@types')],
      baseUrl: dir,
      paths: { '@gotnext/shared': [join(ROOT, 'libs/shared/src/index.ts')] },
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0;
      const text = d.file ? d.file.text.split('\n')[line - 1] : '';
      return `${d.file ? d.file.fileName.split('/').pop() : ''}:${line} ${text.slice(0, 60)} → ${ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 160)}`;
    });
    const unexpected = errors.filter((e) => !e.includes('type must_fail'));
    expect(unexpected).toEqual([]);
    expect(errors.filter((e) => e.includes('type must_fail'))).toHaveLength(1);
    expect(lines.length).toBeGreaterThanOrEqual(routes.length * 3);
  });
});
