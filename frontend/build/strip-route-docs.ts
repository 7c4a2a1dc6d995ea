import type { Plugin } from 'vite';

/** A route's `summary: '…'` (or "…"), as the route tables write it: one string literal per route. */
const SUMMARY = /\bsummary:\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?/g;

/**
 * The route tables' summaries are the OpenAPI document's words; the browser never reads them, and
 * they were ~3 KB of every first load's gzip (docs/architecture.md#phone-app). The build drops them
 * from the tables' modules (`*routes.ts` and the court stats table) in libs/shared; the types keep
 * the field, the server and the document keep the text.
 */
export function stripRouteDocs(): Plugin {
  return {
    name: 'gotnext-strip-route-docs',
    apply: 'build',
    transform(code, id) {
      if (!/\/libs\/shared\/src\/.*(routes|courts\/stats)\.ts$/.test(id)) return null;
      return { code: code.replace(SUMMARY, ''), map: null };
    },
  };
}
