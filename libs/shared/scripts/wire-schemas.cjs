// Part of `npm run build` of @gotnext/shared: JSON Schemas of every wire type named in WireTypes
// (src/api/routes.ts), generated from the TypeScript types themselves with ts-json-schema-generator,
// written to dist/api/wire-schemas.json. The backend builds its OpenAPI document from these and
// ROUTES, so the document cannot drift from the types (docs/api.md).
const { createGenerator } = require('ts-json-schema-generator');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const generator = createGenerator({
  path: join(root, 'src/api/routes.ts'),
  tsconfig: join(root, 'tsconfig.json'),
  type: 'WireTypes',
  expose: 'export',
  topRef: true,
  jsDoc: 'extended',
  skipTypeCheck: true, // tsc has just checked the same files
});
const schema = generator.createSchema('WireTypes');
// The generator writes every definition as a schema object (never the boolean schemas JSON Schema allows).
const definitions = /** @type {Record<string, import('json-schema').JSONSchema7>} */ (schema.definitions);

// Each WireTypes entry must name its own type (`LoginRequest: LoginRequest`), so the table's
// names are the schemas' names.
const problems = [];
for (const [name, property] of Object.entries(definitions.WireTypes.properties ?? {})) {
  if (name === 'None') continue;
  if (typeof property !== 'object' || property.$ref !== `#/definitions/${name}`)
    problems.push(`WireTypes.${name} must be the type named ${name} (got ${JSON.stringify(property)})`);
}
if (problems.length) {
  console.error(`wire-schemas: ${problems.join('\n')}`);
  process.exit(1);
}
delete definitions.WireTypes;

// A file in a form: the generator sees Blob's fields; JSON Schema (and OpenAPI) say binary string.
definitions.UploadFile = { type: /** @type {const} */ ('string'), format: 'binary', description: definitions.UploadFile?.description };

const out = join(root, 'dist/api/wire-schemas.json');
mkdirSync(join(root, 'dist/api'), { recursive: true });
writeFileSync(out, `${JSON.stringify({ $schema: schema.$schema, definitions }, null, 2)}\n`);
console.log(`wire-schemas: ${Object.keys(definitions).length} schemas → dist/api/wire-schemas.json`);
