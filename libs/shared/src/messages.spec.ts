import { readdirSync } from 'fs';
import { join } from 'path';
import { MSG } from './messages';

/** Each feature's file of texts, as messages.ts merges them. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the feature files are found on disk, so the spec sees a file messages.ts forgot to merge
const load = (file: string) => require(join(__dirname, 'messages', file)) as Record<string, object>;
const sections = readdirSync(join(__dirname, 'messages'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
  .map((f) => ({ file: f, texts: Object.values(load(f))[0] as Record<string, unknown> }));

describe('the texts, one file per feature merged into MSG', () => {
  it('defines every key in exactly one file, so the merge never hides a text', () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const { file, texts } of sections) {
      for (const key of Object.keys(texts)) {
        if (owner.has(key)) twice.push(`${key} (${owner.get(key)} and ${file})`);
        owner.set(key, file);
      }
    }
    expect(twice).toEqual([]);
  });
  it('merges every file, and nothing else', () => {
    const merged: Record<string, unknown> = {};
    for (const { texts } of sections) Object.assign(merged, texts);
    expect(Object.keys(MSG).sort()).toEqual(Object.keys(merged).sort());
    for (const key of Object.keys(merged)) expect((MSG as Record<string, unknown>)[key]).toBe(merged[key]);
  });
});
