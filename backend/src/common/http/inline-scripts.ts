import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy sources of the inline scripts of the SPA's index.html: one
 * 'sha256-…' per script, so the boot script the build puts there runs (docs/architecture.md#phone-app)
 * while every other inline script stays refused.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
