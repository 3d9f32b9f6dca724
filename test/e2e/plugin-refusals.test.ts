import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';

// Plugins that are refused before any document is read: one that throws while loading, one whose
// lowering rule declares a target nobody registers, one that is not a plugin, one not found.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const kurel = join(repo, 'bin/kurel');
const API = `^${KUREL_API_VERSION}`;

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: shop
spec:
  components:
    - name: web
      type: webservice
      properties:
        image: ghcr.io/example/web:v1.0.0
`;

let dir: string | undefined;

function buildWith(plugins: Record<string, string>, listed = Object.keys(plugins).map((file) => `./${file}`)) {
  dir = mkdtempSync(join(tmpdir(), 'kurel-refusal-'));
  writeFileSync(join(dir, 'app.yaml'), APP);
  for (const [file, source] of Object.entries(plugins)) writeFileSync(join(dir, file), source);
  writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ plugins: listed }));
  return spawnSync(process.execPath, [kurel, 'build', 'app.yaml'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('plugins refused by the host', () => {
  it('reports a plugin that throws while loading by name with its cause, not a stack trace', () => {
    const result = buildWith({ 'broken.ts': "throw new Error('the license server is unreachable');\nexport default {};\n" });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('plugin "./broken.ts" failed to load: the license server is unreachable');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a registry where a lowering rule lowers into a type nobody registers', () => {
    const rule = `export default {
  meta: { name: 'kurel-plugin-role', version: '1.0.0', kurelApi: '${API}' },
  lowering: [{
    position: 'component', type: 'role-app', description: 'A role that lowers into a missing type.', properties: {},
    contract: { version: 'v1' }, targets: { componentTypes: ['missing-kind'] },
    lower: () => ({ components: [] }),
  }],
};
`;
    const result = buildWith({ 'role.ts': rule });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Error: registry incomplete: lowering rule component/role-app@v1 lowers into component type "missing-kind", which is not registered',
    );
  });

  it('refuses a module whose default export is not a plugin', () => {
    const result = buildWith({ 'not-a-plugin.mjs': 'export default { hello: "world" };\n' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('plugin "./not-a-plugin.mjs" does not export a kurel plugin');
  });

  it('refuses a plugin that cannot be resolved from the config folder', () => {
    const result = buildWith({}, ['@org/kurel-plugin-absent']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('plugin "@org/kurel-plugin-absent" could not be resolved from');
  });
});
