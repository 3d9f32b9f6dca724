import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';

// The host's side of the plugin contract, through the real CLI: it refuses a plugin written for
// another API version and two plugins claiming one type, naming the plugins; and it loads
// plugins listed by path in kurel.config.ts.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const kurel = join(repo, 'bin/kurel');

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: shop
spec:
  components:
    - name: frontend
      type: webservice
      properties:
        image: ghcr.io/example/frontend:v1.0.0
        port: 8080
`;

const PROFILE = `apiVersion: launcher.gokure.dev/v1alpha1
kind: ClusterProfile
metadata:
  name: dev-cluster
spec: {}
`;

/** A plugin module as plain data: it needs no import, so it loads from a folder without node_modules. */
function pluginSource(name: string, kurelApi: string, traitType?: string): string {
  const traits = traitType
    ? `[{ type: '${traitType}', description: 'Does nothing.', properties: {}, apply() {} }]`
    : '[]';
  return `export default { meta: { name: '${name}', version: '1.0.0', kurelApi: '${kurelApi}' }, traits: ${traits} };\n`;
}

let dir: string | undefined;

async function project(plugins: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'kurel-contract-'));
  await writeFile(join(dir, 'app.yaml'), APP);
  await writeFile(join(dir, 'profile.yaml'), PROFILE);
  for (const [file, source] of Object.entries(plugins)) await writeFile(join(dir, file), source);
  const list = Object.keys(plugins).map((file) => `'./${file}'`).join(', ');
  await writeFile(join(dir, 'kurel.config.ts'), `export default { plugins: [${list}] };\n`);
  return dir;
}

function build(cwd: string, app = 'app.yaml', profile = 'profile.yaml') {
  const result = spawnSync(process.execPath, [kurel, 'build', app, '--profile', profile], { cwd, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return result;
}

describe('the plugin contract at the CLI', () => {
  beforeAll(() => {
    if (!existsSync(join(repo, 'dist/src/commands'))) {
      throw new Error(`dist/ is missing in ${repo}: run \`npm run build\` before the end-to-end tests`);
    }
  });

  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('loads a plugin listed by path in kurel.config.ts', async () => {
    const cwd = await project({ 'noop-plugin.ts': pluginSource('kurel-plugin-noop', `^${KUREL_API_VERSION}`, 'noop-trait') });
    const result = build(cwd);
    expect(result.status, result.stderr).toBe(0);
    const kinds = parseAllDocuments(result.stdout).map((doc) => doc.toJS()?.kind);
    expect(kinds).toContain('Deployment');
  });

  it('refuses a plugin written for another plugin-API version, naming plugin, range and host version', async () => {
    const cwd = await project({ 'future-plugin.ts': pluginSource('kurel-plugin-from-the-future', '^9.0.0') });
    const result = build(cwd);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('kurel-plugin-from-the-future');
    expect(result.stderr).toContain('^9.0.0');
    expect(result.stderr).toContain(KUREL_API_VERSION);
  });

  it('refuses a plugin that needs a later minor version of the plugin API', async () => {
    const [major, minor] = KUREL_API_VERSION.split('.').map(Number);
    const range = `^${major}.${minor + 1}.0`;
    const cwd = await project({ 'newer-plugin.ts': pluginSource('kurel-plugin-newer', range) });
    const result = build(cwd);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`newer-plugin.ts: plugin "kurel-plugin-newer" 1.0.0 requires kurel plugin API "${range}", but this kurel implements plugin API ${KUREL_API_VERSION}`);
  });

  it('loads a plugin whose range is written in another form semver reads', async () => {
    const [major] = KUREL_API_VERSION.split('.').map(Number);
    const cwd = await project({ 'ranged-plugin.ts': pluginSource('kurel-plugin-ranged', `>=${major}.0.0 <${major + 1}.0.0 || ^${major + 5}.0.0`, 'ranged-trait') });
    const result = build(cwd);
    expect(result.status, result.stderr).toBe(0);
    expect(parseAllDocuments(result.stdout).map((doc) => doc.toJS()?.kind)).toContain('Deployment');
  });

  it('refuses a plugin whose kurelApi is not a semver range, naming plugin and value', async () => {
    const cwd = await project({ 'vague-plugin.ts': pluginSource('kurel-plugin-vague', 'whenever') });
    const result = build(cwd);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('vague-plugin.ts: plugin "kurel-plugin-vague" declares kurelApi "whenever", which is not a semver range');
  });

  it('refuses two plugins registering one trait type, naming both', async () => {
    const cwd = await project({
      'first-plugin.ts': pluginSource('kurel-plugin-first', `^${KUREL_API_VERSION}`, 'dup-trait'),
      'second-plugin.ts': pluginSource('kurel-plugin-second', `^${KUREL_API_VERSION}`, 'dup-trait'),
    });
    const result = build(cwd);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('dup-trait');
    expect(result.stderr).toContain('kurel-plugin-first');
    expect(result.stderr).toContain('kurel-plugin-second');
  });

  it('builds the bundled redis-sidecar example with the plugin its kurel.config.ts lists', () => {
    const result = build(repo, 'examples/redis-sidecar/app.yaml', 'examples/redis-sidecar/profile.yaml');
    expect(result.status, result.stderr).toBe(0);
    const deployment = parseAllDocuments(result.stdout)
      .map((doc) => doc.toJS())
      .find((o) => o?.kind === 'Deployment');
    const redis = deployment?.spec.template.spec.containers.find((c: { name: string }) => c.name === 'redis');
    expect(redis?.image).toBe('redis:7.2.4');
  });
});
