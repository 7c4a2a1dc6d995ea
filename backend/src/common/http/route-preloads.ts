import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

const SAFE_FILE = /^\/assets\/[\w.-]+\.(?:js|css)$/;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The <link> tags that let a page's own code download beside the entry script
 * (docs/architecture.md#phone-app): the build lists, per route of the SPA, the chunks and
 * stylesheets its page needs (frontend/build/route-preloads.ts, dist/route-preloads.json); for the
 * path a request asks, this returns their modulepreload / preload tags, or '' when none match.
 */
export function routePreloadTags(staticDir: string): (url: string) => string {
  const file = join(staticDir, 'route-preloads.json');
  if (!staticDir || !existsSync(file)) return () => '';
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]).map((r) => ({
    // React Router's ':param' is one path segment; a trailing slash is allowed.
    pattern: new RegExp(`^${r.path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part))).join('/')}/?$`),
    tags: [
      ...r.scripts.filter((f) => SAFE_FILE.test(f)).map((f) => `<link rel="modulepreload" crossorigin href="${f}" />`),
      ...r.styles.filter((f) => SAFE_FILE.test(f)).map((f) => `<link rel="preload" as="style" href="${f}" />`),
    ].join('\n    '),
  }));
  return (url) => {
    const { pathname } = new URL(url, 'http://x');
    return routes.find((r) => r.pattern.test(pathname))?.tags ?? '';
  };
}
