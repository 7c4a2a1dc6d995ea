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
