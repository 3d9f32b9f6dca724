import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

export const repo = fileURLToPath(new URL('../../', import.meta.url));

/** A scratch folder for one test file: made before its tests run, removed after them. */
export function scratchFolder(prefix: string): { readonly dir: string } {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
  };
}

/** Runs the built CLI in `cwd`, as a user would. */
export function kurelIn(cwd: string, args: string[]) {
  return spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
}
