import madge from 'madge';
import { join } from 'node:path';

const SRC = __dirname;

/** The feature folder of a file under src/ ('.' for main.ts and the other root files). */
const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0] : '.');

/** Folder → folders it imports from (type-only imports count too: they are dependencies all the same). */
function folderGraph(files: Record<string, string[]>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, deps] of Object.entries(files)) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dep of deps) if (folderOf(dep) !== from) graph.get(from)!.add(folderOf(dep));
  }
  return graph;
}

/** Every cycle among folders, as 'a → b → a' (Tarjan's strongly connected components). */
export function folderCycles(graph: Map<string, Set<string>>): string[] {
  let index = 0;
  const stack: string[] = [];
  const meta = new Map<string, { index: number; low: number; onStack: boolean }>();
  const cycles: string[] = [];
  const visit = (v: string) => {
    meta.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v)!.low = Math.min(meta.get(v)!.low, meta.get(w)!.low);
      } else if (meta.get(w)!.onStack) meta.get(v)!.low = Math.min(meta.get(v)!.low, meta.get(w)!.index);
    }
    if (meta.get(v)!.low === meta.get(v)!.index) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        meta.get(w)!.onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(cycleText(component, graph));
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return cycles;
}

/** One path around a strongly connected component, with the edges that close it. */
function cycleText(component: string[], graph: Map<string, Set<string>>): string {
  const inside = new Set(component);
  const edges = component.sort().flatMap((a) => [...(graph.get(a) ?? [])].filter((b) => inside.has(b)).map((b) => `${a} → ${b}`));
  return `{${component.join(', ')}}: ${edges.join(', ')}`;
}

describe('backend/src import structure', () => {
  let files: Record<string, string[]>;

  beforeAll(async () => {
    const result = await madge(SRC, { fileExtensions: ['ts'], tsConfig: join(SRC, '../tsconfig.json'), excludeRegExp: [/\.spec\.ts$/] });
    files = result.obj();
  });

  it('has no cycles between files', async () => {
    const result = await madge(SRC, { fileExtensions: ['ts'], tsConfig: join(SRC, '../tsconfig.json'), excludeRegExp: [/\.spec\.ts$/] });
    expect(result.circular()).toEqual([]);
  });

  it('has no cycles between feature folders (a folder may only depend on folders that do not depend on it)', () => {
    expect(Object.keys(files).length).toBeGreaterThan(50); // the graph was really read
    expect(folderCycles(folderGraph(files))).toEqual([]);
  });

  it('finds a folder cycle when there is one', () => {
    const graph = folderGraph({ 'auth/a.ts': ['users/b.ts'], 'users/b.ts': ['common/c.ts'], 'common/c.ts': ['auth/a.ts'], 'jobs/d.ts': ['auth/a.ts'] });
    expect(folderCycles(graph)).toEqual(['{auth, common, users}: auth → users, common → auth, users → common']);
  });
});
