import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Bundles src/boot/boot.ts into one small classic script and puts it inline at the top of
 * index.html's <head> (docs/architecture.md#phone-app): it must run before the first paint and
 * before the app's JavaScript has arrived, which no separate file could. The API sends a
 * Content-Security-Policy hash of it (backend/src/common/http/inline-scripts.ts).
 */
export function inlineBootScript(entry: string, apiUrl: string | undefined): Plugin {
  return {
    name: 'gotnext-inline-boot',
    async transformIndexHtml() {
      const out = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2020',
        define: { 'import.meta.env.VITE_API_URL': apiUrl === undefined ? 'undefined' : JSON.stringify(apiUrl) },
      });
      return [{ tag: 'script', children: out.outputFiles[0].text.trim(), injectTo: 'head' }];
    },
  };
}
