import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Bundles src/boot/boot.ts into one small classic script and puts it inline at the top of
 * index.html's <head>, after the charset (docs/architecture.md#phone-app): it must run before the first paint and
 * before the app's JavaScript has arrived, which no separate file could. The API sends a
 * Content-Security-Policy hash of it (backend/src/common/http/inline-scripts.ts); behind nginx the
 * page still comes from the API (docker/nginx.conf), so no other server needs the hash.
 */
export function inlineBootScript(entry: string, apiUrl: string | undefined): Plugin {
  return {
    name: 'gotnext-inline-boot',
    async transformIndexHtml(html) {
      const out = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2020',
        define: { 'import.meta.env.VITE_API_URL': apiUrl === undefined ? 'undefined' : JSON.stringify(apiUrl) },
      });
      const code = out.outputFiles[0].text.trim();
      // Right after the charset, so the lobby's read starts before the browser parses the styles.
      return html.replace(/(<meta charset="[^"]*" \/>)/i, `$1\n    <script>${code}</script>`);
    },
  };
}
