// Generates a TypeScript client (`paths`, `components`) from an OpenAPI document with
// openapi-typescript, as any consumer of /api/docs/json would. Run by contract-openapi.int-spec.ts
// in a plain Node process (openapi-typescript is an ES module). Usage: node openapi-client.mjs in.json out.ts
import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';

const [input, output] = process.argv.slice(2);
const document = JSON.parse(readFileSync(input, 'utf8'));
// A file in a form is a Blob in TypeScript (openapi-typescript's documented transform for binary).
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
const ast = await openapiTS(document, {
  transform(schema) {
    if (schema.format === 'binary') return BLOB;
    return undefined;
  },
});
writeFileSync(output, astToString(ast));
