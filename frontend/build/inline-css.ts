import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Puts the entry stylesheet into index.html as a <style>, so the first paint waits for no second
 * request (docs/architecture.md#phone-app). Route stylesheets stay files, loaded with their chunk.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'gotnext-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * The logo in the HTML's header bar as a data: URL, so the first paint's only image costs no request
 * competing with the entry script on a slow network (docs/architecture.md#phone-app).
 */
export function inlineShellLogo(svgFile: string): Plugin {
  return {
    name: 'gotnext-inline-shell-logo',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(svgFile, 'utf8')
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      return html.replace('<img src="/favicon.svg"', `<img src="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}
