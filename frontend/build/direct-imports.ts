import ts from 'typescript';
import type { Plugin } from 'vite';

/** `import { a, type B, c as d } from '@gotnext/shared'`, or `export { … } from` (one statement, possibly over lines). */
const FROM_CONTRACT = /\b(import|export)\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]@gotnext\/shared['"];?/g;

/**
 * The browser build imports each name of the contract from the module that declares it, not from
 * its index (libs/shared/src/index.ts re-exports every module). Tree-shaking gives the same code
 * either way; what changes is the module graph Rollup sees: through the index every module that
 * imports one name of the contract depends on all of it, so the entry's static graph (the
 * `manualChunks` that keeps the entry to its own modules, vite.config.ts) would hold the whole
 * contract, pages' rules included (docs/architecture.md#phone-app). A name the index does not
 * export from a module of its own (a namespace re-export) keeps the index.
 */
export function directContractImports(index: string): Plugin {
  let declaring: Map<string, { file: string; name: string }> | undefined;
  return {
    name: 'gotnext-direct-contract-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      declaring = declarations(index);
    },
    transform(code, id) {
      if (!/\/frontend\/src\/.*\.tsx?$/.test(id) || !code.includes('@gotnext/shared')) return null;
      const out = code.replace(FROM_CONTRACT, (statement, keyword: string, typeOnly: string | undefined, list: string) => {
        const kept: string[] = [];
        const direct: string[] = [];
        for (const raw of list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [, type, imported, local] = /^(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(raw) ?? [];
          const target = imported ? declaring!.get(imported) : undefined;
          if (!target) {
            kept.push(raw);
            continue;
          }
          const spec = `${typeOnly || type ? 'type ' : ''}${target.name} as ${local ?? imported}`;
          direct.push(`${keyword} { ${spec} } from ${JSON.stringify(target.file)};`);
        }
        // One line for all, so the source map's lines stay the file's.
        const rest = kept.length ? `${keyword} ${typeOnly ?? ''}{ ${kept.join(', ')} } from '@gotnext/shared';` : '';
        return direct.join(' ') + rest + '\n'.repeat(statement.split('\n').length - 1);
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

/** Each name the index exports → the file that declares it and its name there. */
function declarations(index: string): Map<string, { file: string; name: string }> {
  const program = ts.createProgram([index], { allowJs: false, noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(index);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`direct-imports: cannot read ${index}`);
  const out = new Map<string, { file: string; name: string }>();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.declarations?.[0];
    // A namespace re-export (`export * as x`) resolves to a file, not to a declaration in one.
    if (!declaration || ts.isSourceFile(declaration)) continue;
    out.set(exported.name, { file: declaration.getSourceFile().fileName, name: symbol.name });
  }
  return out;
}
