import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// The one refusal the CLI cannot reach on a working file system: the environments file was read,
// and then its folder cannot be resolved (it vanished, or a permission changed, in between).

const failing = new Set<string>();
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    realpathSync: Object.assign((path: string) => fs.realpathSync(path), {
      native: (path: string) => {
        if (failing.has(path)) throw Object.assign(new Error('gone'), { code: 'ENOENT' });
        return fs.realpathSync.native(path);
      },
    }),
  };
});

const { resolveEnvironment } = await import('../../../src/host/inputs/environments.js');

const dir = mkdtempSync(join(tmpdir(), 'kurel-env-host-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveEnvironment', () => {
  it('refuses when the environments file\'s folder cannot be resolved', () => {
    const file = join(dir, 'environments.yaml');
    writeFileSync(file, 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: EnvironmentSet\nspec:\n  environments:\n  - {name: a, profile: p.yaml}\n');
    failing.add(dirname(file));
    expect(() => resolveEnvironment({ environment: 'a', appDir: dir })).toThrow(
      `resolving the directory of environments file "${file}": no such file or directory`,
    );
  });
});
