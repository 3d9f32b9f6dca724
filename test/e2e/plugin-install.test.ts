import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

// An organisation installs kurel and its plugin from packages, as it would from a registry:
// kurel from the tarball `npm pack` makes, the plugin from its folder, copied (not linked) so
// that its `kurel/plugin-api` import resolves to the installed kurel.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const pluginDir = join(repo, 'examples/plugins/redis-sidecar');
const exampleDir = join(repo, 'examples/redis-sidecar');

/**
 * npm's own `npm_*` variables (set when the tests run under `npm test`) would point npm back at
 * the repository, and vitest's NODE_ENV=test would put oclif in development mode, looking for
 * TypeScript a user's project does not have.
 */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_') && key !== 'NODE_ENV'));
}

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 240_000 });
  if (result.error) throw result.error;
  return result;
}

function ok(result: SpawnSyncReturns<string>, what: string): string {
  if (result.status !== 0) throw new Error(`${what} exited ${result.status}\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
}

describe('installing kurel and an organisation plugin from packages', { timeout: 300_000 }, () => {
  let tmp: string;
  let project: string;

  beforeAll(async () => {
    if (!existsSync(join(repo, 'dist/src/commands'))) {
      throw new Error(`dist/ is missing in ${repo}: run \`npm run build\` before the end-to-end tests`);
    }
    tmp = await mkdtemp(join(tmpdir(), 'kurel-install-'));
    project = join(tmp, 'project');
    await mkdir(project);

    // dist/ is built already: skip `prepare`, which would build again.
    const packed = ok(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], repo), 'npm pack');
    const tarball = join(tmp, JSON.parse(packed)[0].filename as string);

    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'tmp-app', private: true, type: 'module' }, null, 2));
    ok(
      run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--install-links', tarball, pluginDir], project),
      'npm install',
    );

    for (const file of ['app.yaml', 'profile.yaml', 'definitions']) {
      await cp(join(exampleDir, file), join(project, file), { recursive: true });
    }
    await writeFile(join(project, 'kurel.config.ts'), "export default { plugins: ['@example/kurel-plugin-redis-sidecar'] };\n");
  }, 300_000);

  afterAll(async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('follows the plugin README: npm pack, npm install --install-links, npx kurel, and no registry name', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(join(pluginDir, 'README.md'), 'utf8');
    const commands = (/```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '').split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(commands[0]).toBe('npm pack');
    expect(commands[1]).toMatch(/^npm install --install-links \S+\/kurel-\d+\.\d+\.\d+\.tgz \S+\/examples\/plugins\/redis-sidecar$/);
    expect(commands[2]).toBe('npx kurel build app.yaml --profile profile.yaml');
    const npx = run('npx', ['--no-install', 'kurel', 'build', 'app.yaml', '--profile', 'profile.yaml'], project);
    expect(npx.status, npx.stderr).toBe(0);
    expect(npx.stdout).toContain('name: redis');
    expect(npx.stderr).toBe('');
  });

  it('installs the plugin as a copy beside kurel', () => {
    expect(existsSync(join(project, 'node_modules/kurel/package.json'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/@example/kurel-plugin-redis-sidecar/src/index.ts'))).toBe(true);
  });

  it('builds the application with the plugin\'s trait and the profile\'s binding', () => {
    const result = run(join(project, 'node_modules/.bin/kurel'), ['build', 'app.yaml', '--profile', 'profile.yaml'], project);
    expect(result.status, result.stderr).toBe(0);

    const objects = parseAllDocuments(result.stdout).map((doc) => doc.toJS());
    const deployment = objects.find((o) => o?.kind === 'Deployment');
    expect(deployment, `no Deployment in:\n${result.stdout}`).toBeDefined();
    const containers: Array<Record<string, any>> = deployment.spec.template.spec.containers;
    expect(containers.map((c) => c.name)).toContain('redis');
    const redis = containers.find((c) => c.name === 'redis')!;
    expect(redis.image).toBe('redis:7.2.4');
    // app.yaml overrides the profile's 128Mi with 96Mi: authored values win.
    expect(redis.args).toEqual(['--maxmemory', '96mb', '--port', '6379']);
    expect(redis.ports).toEqual([{ containerPort: 6379, name: 'redis', protocol: 'TCP' }]);
    const shop = containers.find((c) => c.name !== 'redis')!;
    expect(shop.image).toBe('ghcr.io/example/shop:v1.2.0');
  });
});
