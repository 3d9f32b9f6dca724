import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { configFolder, loadConfig } from '../../../src/host/config/load-config.js';
import { DEFAULT_INPUT_LIMITS } from '../../../src/engine/yaml/input-limits.js';

let dirs: string[] = [];

/** A temp project: a package.json (the search stops there) and the given files. */
async function project(files: Record<string, string>, withPackageJson = true): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kurel-config-'));
  dirs.push(dir);
  if (withPackageJson && !('package.json' in files)) await writeFile(join(dir, 'package.json'), '{"name": "app", "private": true}\n');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(join(dir, file, '..'), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}

async function refusal(promise: Promise<unknown>): Promise<KurelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof KurelError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

describe('loadConfig: discovery', () => {
  it('finds .kurelrc.yaml', async () => {
    const dir = await project({ '.kurelrc.yaml': 'plugins:\n  - ./plugins/audit.ts\n  - "@acme/kurel-plugin"\n' });
    expect(await loadConfig({ searchFrom: dir })).toEqual({ config: { plugins: ['./plugins/audit.ts', '@acme/kurel-plugin'], policy: {}, limits: DEFAULT_INPUT_LIMITS }, file: join(dir, '.kurelrc.yaml') });
  });

  it('finds kurel.config.ts and reads its default export', async () => {
    const dir = await project({ 'kurel.config.ts': "const plugins: string[] = ['./audit.ts'];\nexport default { plugins };\n" });
    const loaded = await loadConfig({ searchFrom: dir });
    expect(loaded.config.plugins).toEqual(['./audit.ts']);
    expect(loaded.file).toBe(join(dir, 'kurel.config.ts'));
  });

  it('finds the kurel key of package.json', async () => {
    const dir = await project({ 'package.json': JSON.stringify({ name: 'app', kurel: { plugins: ['@acme/kurel-plugin'] } }) });
    expect(await loadConfig({ searchFrom: dir })).toEqual({ config: { plugins: ['@acme/kurel-plugin'], policy: {}, limits: DEFAULT_INPUT_LIMITS }, file: join(dir, 'package.json') });
  });

  it('searches upward from the application folder to the project root', async () => {
    const dir = await project({ '.kurelrc.yaml': 'plugins: [./p.ts]\n', 'apps/shop/app.yaml': 'kind: Application\n' });
    const loaded = await loadConfig({ searchFrom: join(dir, 'apps', 'shop') });
    expect(loaded.file).toBe(join(dir, '.kurelrc.yaml'));
    expect(configFolder(loaded, join(dir, 'apps', 'shop'))).toBe(dir);
  });

  it('gives no plugins and no file when nothing is found', async () => {
    const dir = await project({});
    const loaded = await loadConfig({ searchFrom: dir });
    expect(loaded).toEqual({ config: { plugins: [], policy: {}, limits: DEFAULT_INPUT_LIMITS }, file: undefined });
    expect(configFolder(loaded, dir)).toBe(dir);
  });

  it('reads an explicit --config file instead of searching', async () => {
    const dir = await project({ '.kurelrc.yaml': 'plugins: [found]\n', 'ci/kurel.yaml': 'plugins: [explicit]\n' });
    const loaded = await loadConfig({ searchFrom: dir, explicitFile: join(dir, 'ci', 'kurel.yaml') });
    expect(loaded).toEqual({ config: { plugins: ['explicit'], policy: {}, limits: DEFAULT_INPUT_LIMITS }, file: join(dir, 'ci', 'kurel.yaml') });
  });
});

describe('loadConfig: refusals', () => {
  it('refuses an unknown config key, naming the file', async () => {
    const dir = await project({ '.kurelrc.yaml': 'plugins: []\nplugin: [./x.ts]\n' });
    const error = await refusal(loadConfig({ searchFrom: dir }));
    expect(error.code).toBe('KUREL_CONFIG');
    expect(error.diagnostics[0].file).toBe(join(dir, '.kurelrc.yaml'));
    expect(error.diagnostics[0].message).toBe('unsupported config key "plugin" (did you mean "plugins"?)');
    expect(error.message).toContain(join(dir, '.kurelrc.yaml'));
  });

  it('refuses an unknown key in kurel.config.ts, naming it', async () => {
    const dir = await project({ 'kurel.config.ts': 'export default { plugins: [], strict: true };\n' });
    const error = await refusal(loadConfig({ searchFrom: dir }));
    expect(error.diagnostics[0].file).toBe(join(dir, 'kurel.config.ts'));
    expect(error.diagnostics[0].message).toContain('"strict"');
  });

  it('reads the policy and refuses an unknown policy key or a malformed registry list', async () => {
    const dir = await project({ '.kurelrc.yaml': 'policy:\n  allowedRegistries: [charts.example.com, "*.example.org"]\n' });
    expect((await loadConfig({ searchFrom: dir })).config.policy).toEqual({ allowedRegistries: ['charts.example.com', '*.example.org'] });
    const unknown = await project({ '.kurelrc.yaml': 'policy:\n  allowedRegistry: [x]\n' });
    expect((await refusal(loadConfig({ searchFrom: unknown }))).diagnostics[0].message).toMatch(/^unsupported policy key "allowedRegistry" \(allowed: maxReplicas, .*, allowedRegistries, .*, allowClusterScopedObjects\)$/);
    const malformed = await project({ '.kurelrc.yaml': 'policy:\n  allowedRegistries: charts.example.com\n' });
    expect((await refusal(loadConfig({ searchFrom: malformed }))).diagnostics[0].message).toBe('policy.allowedRegistries must be a list of host names');
  });

  it('refuses plugins that are not a list of names', async () => {
    const dir = await project({ '.kurelrc.yaml': 'plugins: ./x.ts\n' });
    expect((await refusal(loadConfig({ searchFrom: dir }))).diagnostics[0].message).toBe('plugins must be a list of package names or paths');
  });

  it('refuses a config file that does not parse, naming it', async () => {
    const dir = await project({ '.kurelrc.yaml': 'plugins: [a\n' });
    const error = await refusal(loadConfig({ searchFrom: dir }));
    expect(error.code).toBe('KUREL_CONFIG');
    expect(error.message).toContain('reading plugin config');
  });

  it('refuses a config file the system will not read, naming that file and why', async () => {
    const dir = await project({});
    await symlink('loop-b.yaml', join(dir, '.kurelrc.yaml'));
    await symlink('.kurelrc.yaml', join(dir, 'loop-b.yaml'));
    const error = await refusal(loadConfig({ searchFrom: dir }));
    expect(error.code).toBe('KUREL_CONFIG');
    expect(error.diagnostics[0].file).toBe(join(dir, '.kurelrc.yaml'));
    expect(error.diagnostics[0].message).toBe('reading plugin config: too many levels of symbolic links');
  });

  it('refuses a missing explicit --config file', async () => {
    const dir = await project({});
    const error = await refusal(loadConfig({ searchFrom: dir, explicitFile: join(dir, 'nope.yaml') }));
    expect(error.code).toBe('KUREL_CONFIG');
    expect(error.diagnostics[0].file).toBe(join(dir, 'nope.yaml'));
  });
});
