import 'reflect-metadata';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getMetadataStorage } from 'class-validator';

/** Every file under src/ that declares request DTOs (the process settings in config/ answer no client). */
function dtoFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'config' ? [] : dtoFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') && readFileSync(path, 'utf8').includes("from 'class-validator'") ? [path] : [];
  });
}

/**
 * class-validator's own texts ('timezone must be a string', 'each value in …') are English for
 * developers and name our fields: every rule on a DTO field carries the spec's text or plain
 * words instead (docs/api.md#errors). @Allow and @IsOptional decide nothing a client reads.
 */
describe('DTO validation messages', () => {
  it('every rule of every DTO field says its own message', async () => {
    const root = join(__dirname, '..');
    const files = dtoFiles(root);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) await import(file);
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<{ name: string }, { type: string; name?: string; propertyName: string; message?: unknown }[]> };
    const silent: string[] = [];
    for (const [target, rules] of storage.validationMetadatas) {
      for (const rule of rules) {
        if (rule.type === 'whitelistValidation' || rule.type === 'conditionalValidation') continue;
        if (rule.message === undefined) silent.push(`${target.name}.${rule.propertyName} (${rule.name ?? rule.type})`);
      }
    }
    expect(silent).toEqual([]);
    expect(relative(root, files[0])).not.toMatch(/^\.\./);
  });
});
