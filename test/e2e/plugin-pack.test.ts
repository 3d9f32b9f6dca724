import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { repo, scratchFolder } from './support.js';

// A plugin installed from its `npm pack` tarball into a project where kurel is not installed from
// the registry: kurel is an optional peer, so `npm install --offline` with an empty cache (no
// network, nothing cached) succeeds, and this checkout's kurel loads the plugin by package name.

const scratch = scratchFolder('kurel-plugin-pack-');

/** npm without the variables `npm test` sets, which would point it back at the repository. */
function npm(args: string[], cwd: string): SpawnSyncReturns<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_') && key !== 'NODE_ENV'));
  const result = spawnSync('npm', [...args, '--cache', join(scratch.dir, 'npm-cache'), '--no-audit', '--no-fund'], { cwd, env, encoding: 'utf8', timeout: 240_000 });
  if (result.error) throw result.error;
  return result;
}

/** Packs `pluginDir` and installs the tarball, offline, into a new empty project; returns the project. */
function installPacked(pluginDir: string, name: string): string {
  const packed = npm(['pack', '--json', '--pack-destination', scratch.dir], pluginDir);
  expect(packed.status, packed.stderr).toBe(0);
  const tarball = join(scratch.dir, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0].filename);
  const project = join(scratch.dir, name);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true }));
  const installed = npm(['install', '--offline', tarball], project);
  expect(installed.status, installed.stderr).toBe(0);
  expect(existsSync(join(project, 'node_modules/kurel'))).toBe(false);
  return project;
}

const kurel = (cwd: string, args: string[]) => spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd, encoding: 'utf8', timeout: 60_000 });

describe('a plugin packed and installed where kurel is not installed from the registry', { timeout: 300_000 }, () => {
  it('marks kurel an optional peer in the example plugin and in the guide', () => {
    const example = JSON.parse(readFileSync(join(repo, 'examples/plugins/redis-sidecar/package.json'), 'utf8'));
    expect(example.peerDependencies.kurel).toBeDefined();
    expect(example.peerDependenciesMeta.kurel.optional).toBe(true);
    const guide = readFileSync(join(repo, 'docs/writing-a-plugin.md'), 'utf8');
    const block = /```json file=kurel-plugin-acme\/package\.json\n([\s\S]*?)```/.exec(guide)![1];
    expect(JSON.parse(block).peerDependenciesMeta.kurel.optional).toBe(true);
  });

  it('the example plugin: npm pack, npm install --offline, and this checkout\'s kurel builds with it', () => {
    const project = installPacked(join(repo, 'examples/plugins/redis-sidecar'), 'redis-project');
    for (const file of ['app.yaml', 'profile.yaml', 'definitions']) cpSync(join(repo, 'examples/redis-sidecar', file), join(project, file), { recursive: true });
    writeFileSync(join(project, 'kurel.config.ts'), "export default { plugins: ['@example/kurel-plugin-redis-sidecar'] };\n");
    const result = kurel(project, ['build', 'app.yaml', '--profile', 'profile.yaml']);
    expect(result.status, result.stderr).toBe(0);
    const deployment = parseAllDocuments(result.stdout).map((document) => document.toJS()).find((object) => object?.kind === 'Deployment');
    const redis = deployment.spec.template.spec.containers.find((container: { name: string }) => container.name === 'redis');
    expect(redis.image).toBe('redis:7.2.4');
    expect(redis.args).toEqual(['--maxmemory', '96mb', '--port', '6379']);
  });

  it('the guide\'s plugin: packed and installed the same way, it builds what the guide prints', () => {
    const guide = readFileSync(join(repo, 'docs/writing-a-plugin.md'), 'utf8');
    const blocks = [...guide.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => ({
      file: /\bfile=(\S+)/.exec(match[2])?.[1],
      output: /\boutput=(\S+)/.exec(match[2])?.[1],
      body: match[3],
    }));
    const source = join(scratch.dir, 'guide');
    for (const block of blocks.filter((entry) => entry.file?.startsWith('kurel-plugin-acme/') && !entry.file.endsWith('.test.ts'))) {
      mkdirSync(dirname(join(source, block.file!)), { recursive: true });
      writeFileSync(join(source, block.file!), block.body);
    }
    const project = installPacked(join(source, 'kurel-plugin-acme'), 'acme-project');
    writeFileSync(join(project, 'kurel.config.ts'), "export default { plugins: ['@acme/kurel-plugin-acme'] };\n");
    const built = blocks.filter((entry) => entry.output !== undefined && blocks.some((other) => other.file === entry.output));
    expect(built.length).toBeGreaterThan(0);
    for (const { output, body } of built) {
      writeFileSync(join(project, output!), blocks.find((other) => other.file === output)!.body);
      const result = kurel(project, ['build', output!]);
      expect(result.status === 0 ? result.stdout : result.stderr, output).toBe(body);
    }
  });
});
