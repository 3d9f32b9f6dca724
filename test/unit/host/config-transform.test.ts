import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { loadConfig } from '../../../src/host/config/load-config.js';
import { environmentPolicy, fetchPolicy } from '../../../src/host/config/policy.js';
import { transformSettings } from '../../../src/host/config/transform.js';
import { explicitSecretsAllowed, NOOP_POLICY, objectKindPolicy } from '../../../src/plugin-api/kit/index.js';

let dirs: string[] = [];

async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kurel-config-'));
  dirs.push(dir);
  await writeFile(join(dir, 'package.json'), '{"name": "app", "private": true}\n');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(join(dir, file, '..'), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}

async function refusal(yaml: string, file = '.kurelrc.yaml'): Promise<{ error: KurelError; file: string }> {
  const dir = await project({ [file]: yaml });
  try {
    await loadConfig({ searchFrom: dir });
  } catch (error) {
    if (error instanceof KurelError) return { error, file: join(dir, file) };
    throw error;
  }
  throw new Error('expected a refusal');
}

afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

describe('the transform keys of the kurel config', () => {
  it('gives the CLI defaults and the no-op policy when nothing is set', async () => {
    const loaded = await loadConfig({ searchFrom: await project({}) });
    const settings = transformSettings(loaded.config, { clusterId: 'local' });
    expect(settings).toMatchObject({ domain: 'launcher.gokure.dev', componentLabelKey: undefined, reservedMetadataKeys: undefined, clusterId: 'local' });
    for (const accessor of Object.keys(NOOP_POLICY) as Array<keyof typeof NOOP_POLICY>) expect(settings.policy![accessor]()).toEqual(NOOP_POLICY[accessor]());
    expect(fetchPolicy(settings.policy!)).toEqual({});
  });

  it('carries domain, componentLabelKey and reservedMetadataKeys into the settings', async () => {
    const dir = await project({ '.kurelrc.yaml': 'domain: platform.example\ncomponentLabelKey: platform.example/owner\nreservedMetadataKeys: ["platform.example/", team, team]\n' });
    const settings = transformSettings((await loadConfig({ searchFrom: dir })).config, { clusterId: 'c1', namespace: 'shop' });
    expect(settings).toMatchObject({ domain: 'platform.example', componentLabelKey: 'platform.example/owner', reservedMetadataKeys: ['platform.example/', 'team', 'team'], clusterId: 'c1', namespace: 'shop' });
  });

  it('refuses an entry that is neither a key nor a prefix, naming it by index, with file and path', async () => {
    const { error, file } = await refusal('reservedMetadataKeys: [team, "not a key"]\n');
    expect(error.code).toBe('KUREL_CONFIG');
    expect(error.diagnostics[0]).toMatchObject({ file, path: 'reservedMetadataKeys[1]' });
    expect(error.diagnostics[0].message).toBe(
      `invalid reservedMetadataKeys[1] "not a key": neither a key nor a prefix ending in "/": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`,
    );
    expect(error.message.startsWith(`${file} reservedMetadataKeys[1]: invalid reservedMetadataKeys[1] "not a key"`)).toBe(true);
  });

  it('refuses a prefix that is no DNS-1123 subdomain', async () => {
    const { error } = await refusal('reservedMetadataKeys: ["Platform_Example/"]\n');
    expect(error.diagnostics[0].message).toBe(
      `invalid reservedMetadataKeys[0] "Platform_Example/": the prefix before "/": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`,
    );
  });

  it('refuses a list that is no list, a bad domain and a bad component label key', async () => {
    expect((await refusal('reservedMetadataKeys: team\n')).error.diagnostics[0]).toMatchObject({ path: 'reservedMetadataKeys', message: 'reservedMetadataKeys must be a list of keys and prefixes ending in "/"' });
    expect((await refusal('domain: Not_A_Domain\n')).error.diagnostics[0]).toMatchObject({ path: 'domain', message: expect.stringMatching(/^invalid domain "Not_A_Domain": a lowercase RFC 1123 subdomain/) });
    expect((await refusal('componentLabelKey: "a/b/c!"\n')).error.diagnostics[0]).toMatchObject({ path: 'componentLabelKey', message: expect.stringMatching(/^invalid componentLabelKey "a\/b\/c!": /) });
  });
});

describe('the policy of the kurel config', () => {
  it('reads plain limits, defaults and flags from YAML, the rest answering as the no-op policy', async () => {
    const dir = await project({
      '.kurelrc.yaml': 'policy:\n  maxReplicas: 3\n  maxCPU: 2\n  defaultStorageSize: 5Gi\n  allowHostPathVolumes: true\n  allowedRegistries: [ghcr.io]\n  allowExplicitSecrets: false\n  forbiddenObjectKinds: [{group: rbac.authorization.k8s.io, kind: "*"}]\n',
    });
    const policy = environmentPolicy((await loadConfig({ searchFrom: dir })).config.policy);
    expect(policy.maxReplicas()).toBe(3);
    expect(policy.maxCPU()).toBe('2');
    expect(policy.defaultStorageSize()).toBe('5Gi');
    expect(policy.allowHostPathVolumes()).toBe(true);
    expect(policy.allowHostNetwork()).toBe(false);
    expect(policy.maxMemory()).toBe('');
    expect(fetchPolicy(policy)).toEqual({ allowedRegistries: ['ghcr.io'] });
    expect(explicitSecretsAllowed(policy)).toBe(false);
    expect(objectKindPolicy(policy)?.forbiddenObjectKinds()).toEqual([{ group: 'rbac.authorization.k8s.io', kind: '*' }]);
    expect(objectKindPolicy(policy)?.allowClusterScopedObjects()).toBe(false);
  });

  it('leaves the optional interfaces unimplemented when the config does not state them', async () => {
    const policy = environmentPolicy((await loadConfig({ searchFrom: await project({ '.kurelrc.yaml': 'policy:\n  maxReplicas: 3\n' }) })).config.policy);
    expect(explicitSecretsAllowed(policy)).toBe(true);
    expect(objectKindPolicy(policy)).toBeUndefined();
  });

  it('takes accessor functions, a class instance included, from a TypeScript config', async () => {
    const dir = await project({
      'kurel.config.ts':
        'class OrgPolicy {\n  maxReplicas(): number { return 4; }\n  allowExplicitSecrets(): boolean { return this.strict ? false : true; }\n  strictness = 1;\n  get strict(): boolean { return this.strictness > 0; }\n}\n' +
        'const policy = new OrgPolicy();\nexport default { policy: { maxReplicas: () => policy.maxReplicas(), allowExplicitSecrets: () => policy.allowExplicitSecrets(), defaultCPURequest: "250m" } };\n',
    });
    const policy = environmentPolicy((await loadConfig({ searchFrom: dir })).config.policy);
    expect(policy.maxReplicas()).toBe(4);
    expect(policy.defaultCPURequest()).toBe('250m');
    expect(explicitSecretsAllowed(policy)).toBe(false);
  });

  it('loads a policy module named by path, relative to the config', async () => {
    const dir = await project({
      '.kurelrc.yaml': 'policy: ./org-policy.ts\n',
      'org-policy.ts': 'class OrgPolicy {\n  maxReplicas(): number { return 2; }\n  allowPrivileged(): boolean { return true; }\n}\nexport default new OrgPolicy();\n',
    });
    const policy = environmentPolicy((await loadConfig({ searchFrom: dir })).config.policy);
    expect(policy.maxReplicas()).toBe(2);
    expect(policy.allowPrivileged()).toBe(true);
    expect(policy.allowHostPID()).toBe(false);
  });

  it('loads an organisation policy package by name', async () => {
    const dir = await project({
      '.kurelrc.yaml': 'policy: "@acme/kurel-policy"\n',
      'node_modules/@acme/kurel-policy/package.json': JSON.stringify({ name: '@acme/kurel-policy', type: 'module', exports: './index.js' }),
      'node_modules/@acme/kurel-policy/index.js': 'export default { maxMemory: () => "2Gi", allowedRegistries: ["ghcr.io"] };\n',
    });
    const policy = environmentPolicy((await loadConfig({ searchFrom: dir })).config.policy);
    expect(policy.maxMemory()).toBe('2Gi');
    expect(fetchPolicy(policy)).toEqual({ allowedRegistries: ['ghcr.io'] });
  });

  it('refuses a value of the wrong shape, naming the key', async () => {
    expect((await refusal('policy:\n  maxReplicas: three\n')).error.diagnostics[0]).toMatchObject({ path: 'policy.maxReplicas', message: 'policy.maxReplicas must be a whole number of replicas' });
    expect((await refusal('policy:\n  allowPrivileged: yes please\n')).error.diagnostics[0]).toMatchObject({ path: 'policy.allowPrivileged', message: 'policy.allowPrivileged must be true or false' });
    expect((await refusal('policy:\n  maxCPU: [1]\n')).error.diagnostics[0]).toMatchObject({ message: 'policy.maxCPU must be a quantity' });
    expect((await refusal('policy:\n  forbiddenCapabilities: ingress\n')).error.diagnostics[0]).toMatchObject({ message: 'policy.forbiddenCapabilities must be a list of names' });
    expect((await refusal('policy: 3\n')).error.diagnostics[0]).toMatchObject({ path: 'policy', message: 'policy must be an object of limits and defaults, or the path of a module whose default export is one' });
  });

  it('refuses an object kind entry with no kind', async () => {
    const { error } = await refusal('policy:\n  allowedObjectKinds: [{group: apps}]\n');
    expect(error.diagnostics[0]).toMatchObject({ path: 'policy.allowedObjectKinds[0].kind', message: 'policy.allowedObjectKinds[0] names no kind: give a kind, or "*" for every kind of the group' });
  });

  it('refuses a policy module that cannot be loaded', async () => {
    const { error } = await refusal('policy: ./missing.ts\n');
    expect(error.diagnostics[0]).toMatchObject({ path: 'policy', message: expect.stringMatching(/^policy: loading "\.\/missing\.ts": /) });
  });
});
