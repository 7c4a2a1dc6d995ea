import type { GetManualChunk, ManualChunkMeta } from 'rollup';

/** A module of the contract's indexes (libs/shared/src/index.ts and its folders'), which only re-export. */
const CONTRACT_INDEX = /\/libs\/shared\/src\/(.*\/)?index\.ts$/;

/**
 * Rollup's `manualChunks` for the first route (docs/architecture.md#phone-app):
 * - `index`: the entry and everything it imports statically. A manual chunk is never merged into,
 *   and experimentalMinChunkSize had merged small pages (login, password reset, ops pages) into the
 *   entry, as the chunk every load has anyway: first-route JS that home never runs.
 * - `home`: the modules `home` lists (home's panels, the pages of its two buttons) and what only
 *   they import: one file beside the entry, where the merge had made them import chunks of
 *   unrelated pages. A helper other pages import too goes to `index`, so no page loads `home`
 *   for a helper.
 * Needs the browser build's direct contract imports (build/direct-imports.ts): through the
 * contract's index every importer of one name would depend on all of the contract.
 */
export function firstRouteChunks(home: string[]): GetManualChunk {
  let owner: Map<string, string> | undefined;
  return (id: string, meta: ManualChunkMeta) => {
    owner ??= assign(meta, home);
    return owner.get(id);
  };
}

function assign({ getModuleIds, getModuleInfo }: ManualChunkMeta, home: string[]): Map<string, string> {
  const ids = [...getModuleIds()];
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    roots.forEach(visit);
    return seen;
  };
  const entry = closure(ids.filter((id) => getModuleInfo(id)?.isEntry));
  const roots = home.map((file) => {
    const id = ids.find((i) => i.replace(/\.tsx?$/, '') === file);
    if (!id) throw new Error(`first-route-chunks: no module ${file}`);
    return id;
  });
  // `home` keeps a listed module (a page that imports one, as the league's match pages do, loads
  // `home`), and another module only while every module importing it is in `home` too: a helper
  // of many pages goes to the entry. The contract's indexes do not count, the app imports past them.
  const group = closure(roots);
  const index = [...entry, ...group].find((id) => CONTRACT_INDEX.test(id));
  if (index) throw new Error(`first-route-chunks: the first route imports ${index}; name the module instead (build/direct-imports.ts)`);
  const inHome = new Set([...group].filter((id) => !entry.has(id)));
  const importers = (id: string) => getModuleInfo(id)?.importers.filter((i) => !CONTRACT_INDEX.test(i)) ?? [];
  for (let changed = true; changed;) {
    changed = false;
    for (const id of inHome) {
      if (roots.includes(id) || importers(id).every((i) => inHome.has(i))) continue;
      inHome.delete(id);
      changed = true;
    }
  }
  const owner = new Map<string, string>([...entry].map((id) => [id, 'index']));
  for (const id of group) if (!owner.has(id)) owner.set(id, inHome.has(id) ? 'home' : 'index');
  return owner;
}
