import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';

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

/**
 * In `dir`: a plugin whose `env` component is a ConfigMap of what the environment holds (each key
 * of `variables` the value of the variable it names, or `unset`), a config that loads it, and
 * `env.yaml`, an Application of that one component.
 */
export function writeEnvironmentPlugin(dir: string, variables: Record<string, string>): void {
  const data = Object.entries(variables)
    .map(([key, name]) => `${key}: process.env.${name} ?? 'unset'`)
    .join(', ');
  writeFileSync(
    join(dir, 'env-plugin.mjs'),
    `export default {
  meta: { name: 'acme-env', version: '1.0.0', kurelApi: '^${KUREL_API_VERSION}' },
  components: [{ type: 'env', description: 'The environment it sees.', properties: {}, render() {
    return { objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'env' }, data: { ${data} } }] };
  } }],
};
`,
  );
  writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./env-plugin.mjs'] }));
  writeFileSync(join(dir, 'env.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n    - name: env\n      type: env\n');
}

/** This process's environment without the variables `names`, with `extra` set. */
export function environmentWithout(names: readonly string[], extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of names) delete env[name];
  return { ...env, ...extra };
}

/**
 * A folder in `dir` holding a `node` that prints, a line each, `label=` and the value of the
 * variable each label of `variables` names (or `unset`), then its arguments as `arg=`: what
 * bin/kurel's lines for sh start Node with, once the folder leads PATH.
 */
export function fakeNodeFolder(dir: string, variables: Record<string, string>): string {
  const folder = join(dir, 'fake-node');
  mkdirSync(folder, { recursive: true });
  const labels = Object.keys(variables);
  const format = labels.map((label) => `${label}=%s\\n`).join('');
  const values = Object.values(variables).map((name) => `"\${${name}-unset}"`).join(' ');
  writeFileSync(join(folder, 'node'), `#!/bin/sh\nprintf "${format}" ${values}\nfor arg in "$@"; do printf "arg=%s\\n" "$arg"; done\n`);
  chmodSync(join(folder, 'node'), 0o755);
  return folder;
}
