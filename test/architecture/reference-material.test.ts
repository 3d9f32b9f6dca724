import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A user's clone has no shared/ beside it, and `npm test` must pass there: whatever reads the
// reference material lives in test/reference, the vitest project that runs only when it exists.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const READS_SHARED = /shared\/(reference-examples|conformance|seeds|spec|peerbench)|['"`][./]*\.\.\/shared\b|KUREL_SHARED/;

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.(test\.)?ts$/.test(entry.name) ? [relative(repo, path)] : [];
  });
}

describe('tests that need the reference material', () => {
  it('live only in test/reference', () => {
    const files = [...testFiles(join(repo, 'test')), ...testFiles(join(repo, 'plugins')).filter((file) => file.endsWith('.test.ts'))];
    const outside = files.filter((file) => !file.startsWith('test/reference/') && file !== 'test/architecture/reference-material.test.ts');
    expect(outside.length).toBeGreaterThan(50);
    expect(outside.filter((file) => READS_SHARED.test(readFileSync(join(repo, file), 'utf8')))).toEqual([]);
  });

  it('recognises a test that reads it', () => {
    expect(READS_SHARED.test("const examples = '/work/shared/reference-examples';")).toBe(true);
    expect(READS_SHARED.test("join(repo, '../shared')")).toBe(true);
    expect(READS_SHARED.test("allocator.reserve('shared')")).toBe(false);
  });
});
