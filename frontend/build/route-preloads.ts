import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** What the API reads (backend/src/common/http/route-preloads.ts): a route's path and its files. */
export interface RoutePreload {
  /** The React Router path, e.g. '/pregame/:matchId'. */
  path: string;
  /** The page's chunk and every chunk it imports that the entry does not, then its stylesheets. */
  scripts: string[];
  styles: string[];
}

/**
 * Writes dist/route-preloads.json: for every lazy page of the route table (src/app/routes.tsx), the
 * files its chunk needs. The API names them in the HTML of that page as <link rel="modulepreload">,
 * so on a slow network the page's code downloads beside the entry script instead of after it has
 * run (docs/architecture.md#phone-app). The route table is read as text: each
 * `const X = lazyPage(() => import('…'), …)` and each `{ path: '…', element: <X` / `{ index: true, element: <X`.
 * `also` adds, per route path, modules (files, without extension) whose chunks that page needs
 * soon: its own lazy parts and the pages its main buttons open, which on slow 3G would otherwise
 * cost a round trip after the tap.
 */
export function routePreloads(routesFile: string, also: Record<string, string[]> = {}): Plugin {
  return {
    name: 'gotnext-route-preloads',
    apply: 'build',
    enforce: 'post',
    // After Vite has dropped the chunks that held only CSS, so no listed file is missing.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const source = readFileSync(routesFile, 'utf8');
        const modules = new Map<string, string>();
        for (const [, name, spec] of source.matchAll(/const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)/g)) modules.set(name, resolve(dirname(routesFile), spec));
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = new Set(entry ? closure(entry, bundle).map((c) => c.fileName) : []);
        // A page's chunk: its own, or the one a small page was merged into (experimentalMinChunkSize).
        const chunkOf = (module: string) =>
          chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, '') === module) ?? chunks.find((c) => c.moduleIds.some((id) => id.replace(/\.tsx?$/, '') === module));
        const routes: RoutePreload[] = [];
        // Paths a route has claimed, lazy or not: the first route of a path wins, as in React Router.
        // The table's first index route is home's ('/'); later ones are nested (the ops area's
        // overview) and have no path of their own here, nor has '*'.
        const claimed = new Set<string>();
        let firstIndex = true;
        for (const [, path, index, name] of source.matchAll(/\{ (?:path: '([^']+)'|(index): true), element: <(\w+)/g)) {
          if (index && !firstIndex) continue;
          if (index) firstIndex = false;
          const route = index ? '/' : `/${path}`;
          if (path?.includes('*') || claimed.has(route)) continue;
          claimed.add(route);
          const module = modules.get(name);
          const page = module && chunkOf(module);
          if (!page) continue;
          const files = closure(page, bundle).filter((c) => !inEntry.has(c.fileName));
          routes.push(preloadOf(route, files));
        }
        for (const [path, extra] of Object.entries(also)) {
          const own = routes.find((r) => r.path === path);
          const files = extra.flatMap((module) => {
            const chunk = chunkOf(module);
            if (!chunk) this.error(`route-preloads: no chunk for ${module}`);
            return closure(chunk, bundle).filter((c) => !inEntry.has(c.fileName));
          });
          const added = preloadOf(path, [...new Map(files.map((c) => [c.fileName, c])).values()]);
          if (!own) routes.push(added);
          else {
            own.scripts = [...new Set([...own.scripts, ...added.scripts])];
            own.styles = [...new Set([...own.styles, ...added.styles])];
          }
        }
        this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(routes) });
      },
    },
  };
}

function preloadOf(path: string, files: OutputChunk[]): RoutePreload {
  return {
    path,
    scripts: files.map((c) => `/${c.fileName}`),
    styles: [...new Set(files.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].map((f) => `/${f}`),
  };
}

/** A chunk and every chunk it imports statically, directly or not. */
function closure(chunk: OutputChunk, bundle: OutputBundle): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (c: OutputChunk) => {
    if (seen.has(c.fileName)) return;
    seen.set(c.fileName, c);
    for (const name of c.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(chunk);
  return [...seen.values()];
}
