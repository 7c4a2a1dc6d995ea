import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

const SAFE_FILE = /^\/assets\/[\w.-]+\.(?:js|css)$/;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The id of the data block index.html's boot script reads the list from (frontend/src/boot/boot.ts). */
export const PRELOADS_ELEMENT_ID = 'gotnext-preloads';

/**
 * What lets a page's own code download beside the entry script (docs/architecture.md#phone-app):
 * the build lists, per route of the SPA, the chunks and stylesheets its page needs
 * (frontend/build/route-preloads.ts, dist/route-preloads.json); for the path a request asks, this
 * returns them as a JSON data block (never executed), or '' when none match. The boot script turns
 * them into <link rel="modulepreload"> after it has started the page's own API read: as <link>
 * tags in the HTML the browser would fetch them first, and on HTTP/1.1's six connections the read
 * would wait behind them.
 */
export function routePreloadTags(staticDir: string): (url: string) => string {
  const file = join(staticDir, 'route-preloads.json');
  if (!staticDir || !existsSync(file)) return () => '';
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]).map((r) => ({
    // React Router's ':param' is one path segment; a trailing slash is allowed.
    pattern: new RegExp(
      `^${r.path
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
        .join('/')}/?$`,
    ),
    // Only /assets/ file names go in, so the block cannot hold a '</script>'.
    tags: `<script type="application/json" id="${PRELOADS_ELEMENT_ID}">${JSON.stringify({ scripts: r.scripts.filter((f) => SAFE_FILE.test(f)), styles: r.styles.filter((f) => SAFE_FILE.test(f)) })}</script>`,
  }));
  return (url) => {
    const { pathname } = new URL(url, 'http://x');
    return routes.find((r) => r.pattern.test(pathname))?.tags ?? '';
  };
}
