import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm ci` and `npm pack` run the build, whose last step writes the oclif manifest with the oclif
// developer CLI: it must not print that CLI's update notice to people installing kurel.

const repo = new URL('../../', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'kurel-manifest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the build step that writes the oclif manifest', () => {
  it('prints nothing on stderr, and writes the manifest', () => {
    // A copy of the project's root, so the repository's own manifest is not rewritten under running tests.
    copyFileSync(join(repo, 'package.json'), join(scratch, 'package.json'));
    symlinkSync(join(repo, 'node_modules'), join(scratch, 'node_modules'));
    symlinkSync(join(repo, 'dist'), join(scratch, 'dist'));
    const result = spawnSync(process.execPath, [join(repo, 'scripts/write-manifest.mjs')], { cwd: scratch, encoding: 'utf8', timeout: 120_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(existsSync(join(scratch, 'oclif.manifest.json'))).toBe(true);
  });
});

describe('the README', () => {
  it('tells how to run kurel without a global install, and how to put it on PATH', () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    expect(readme).toContain('npx kurel build');
    expect(readme).toContain('./bin/kurel');
    expect(readme).toContain('npm link');
  });
});
