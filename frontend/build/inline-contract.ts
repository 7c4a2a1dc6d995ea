import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { ROUTES } from '../../libs/shared/src/api/routes';

interface Text {
  /** The value's source, with each imported name it uses renamed to `__msgdep_<name>`. */
  init: string;
  /** Those imports, as `import { name as __msgdep_name } from '/absolute/path'`. */
  imports: string[];
}

/**
 * The contract's two big tables, `MSG` (every feature's texts, libs/shared/src/messages/<feature>.ts
 * merged) and `ROUTES` (every HTTP call), are one object each: a single `MSG.x` or `ROUTES.y` put
 * the whole table in the entry chunk, server-only texts and calls included (~8 KB and ~3 KB of
 * every first load's gzip, docs/architecture.md#phone-app). In the browser build each `MSG.key`
 * and `ROUTES.name` of the app and of the contract's rules is replaced by that one entry: a text's
 * own source (a string or a small function), a call's definition as data (method, path, auth,
 * body kind; its summary is the OpenAPI document's). So an entry lands in the chunk of the code
 * that uses it, and one nothing uses is not shipped. The contract keeps its shape (the server and
 * the unit tests read the tables); a file that uses a table other than as `TABLE.key` (passes the
 * object on, indexes it) keeps the whole table.
 */
export function inlineContract(messagesDir: string): Plugin {
  const texts = new Map<string, Text>();
  const routeOf = (name: string): Text | undefined => {
    const route = (ROUTES as Record<string, { summary?: string }>)[name];
    if (!route) return undefined;
    const { summary: _summary, ...data } = route;
    return { init: `(${JSON.stringify(data)})`, imports: [] };
  };
  return {
    name: 'gotnext-inline-contract',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      texts.clear();
      for (const file of readdirSync(messagesDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
        const path = join(messagesDir, file);
        const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
        // name → the module it comes from (absolute), for the texts that use a constant.
        const imported = new Map<string, string>();
        // Names the file declares itself: a text copied elsewhere cannot reach them.
        const local = source.statements.flatMap((s) =>
          ts.isVariableStatement(s) ? s.declarationList.declarations.map((d) => d.name.getText(source)) : ts.isFunctionDeclaration(s) && s.name ? [s.name.text] : [],
        );
        for (const statement of source.statements) {
          if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
            const spec = statement.moduleSpecifier.text;
            const bindings = statement.importClause?.namedBindings;
            if (!bindings || !ts.isNamedImports(bindings) || statement.importClause?.name) this.error(`inline-contract: ${file}: only \`import { a, b } from\` is supported`);
            for (const element of bindings.elements) imported.set(element.name.text, spec.startsWith('.') ? resolve(dirname(path), spec) : spec);
          }
          if (!ts.isVariableStatement(statement)) continue;
          for (const declaration of statement.declarationList.declarations) {
            let init = declaration.initializer;
            while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
            if (!init || !ts.isObjectLiteralExpression(init)) continue;
            for (const property of init.properties) {
              if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
                this.error(`inline-contract: ${file}: only \`key: value\` texts are supported (${property.getText(source).slice(0, 60)})`);
              }
              let value = property.initializer.getText(source);
              const own = local.find((name) => new RegExp(`\\b${name}\\b`).test(value));
              if (own) this.error(`inline-contract: ${file}: the text ${property.name.getText(source)} uses ${own}, declared in its file; import it from a module instead`);
              const imports: string[] = [];
              for (const [name, from] of imported) {
                if (!new RegExp(`\\b${name}\\b`).test(value)) continue;
                value = value.replace(new RegExp(`\\b${name}\\b`, 'g'), `__msgdep_${name}`);
                imports.push(`import { ${name} as __msgdep_${name} } from ${JSON.stringify(from)};`);
              }
              texts.set(property.name.text, { init: `(${value})`, imports });
            }
          }
        }
      }
    },
    transform(code, id) {
      if (!/\/(frontend|libs\/shared)\/src\/.*\.tsx?$/.test(id) || id.includes('/libs/shared/src/messages')) return null;
      let out = code;
      const imports = new Set<string>();
      const tables: Record<string, (key: string) => Text | undefined> = {
        MSG: (key) => texts.get(key),
        ROUTES: (key) => routeOf(key),
      };
      for (const [table, lookup] of Object.entries(tables)) {
        if (!out.includes(table) || id.endsWith(table === 'ROUTES' ? '/libs/shared/src/api/routes.ts' : '/libs/shared/src/messages.ts')) continue;
        const use = new RegExp(`\\b${table}\\.([A-Za-z_$][\\w$]*)`, 'g');
        // Every use outside the imports must be `TABLE.key` of a key the table has (TypeScript
        // checks the keys; a comment may name another), else the file keeps the table.
        const body = out.replace(/^import[^;]*?from\s*['"][^'"]+['"];?/gms, '');
        const all = body.match(new RegExp(`\\b${table}\\b`, 'g'))?.length ?? 0;
        const entries = [...body.matchAll(use)].map((m) => lookup(m[1]));
        if (all === 0 || all !== entries.length || entries.some((e) => !e)) continue;
        for (const entry of entries) for (const line of entry!.imports) imports.add(line);
        out = out.replace(use, (_, key: string) => lookup(key)!.init);
      }
      if (out === code) return null;
      // The imports go on the first line, so the source map's lines stay the file's.
      return { code: [...imports].join('') + out, map: null };
    },
  };
}
