import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';
import { repo, scratchFolder } from './support.js';

// --debug is on every command and means KUREL_DEBUG=1; a plugin or config that does not parse is
// placed at its syntax error.

const scratch = scratchFolder('kurel-debug-');

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const environment = { ...process.env, ...env };
  if (!('KUREL_DEBUG' in env)) delete environment.KUREL_DEBUG;
  return spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd: scratch.dir, encoding: 'utf8', timeout: 60_000, env: environment });
}

const APP = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n    - name: web\n      type: faulty\n';

describe('--debug', () => {
  it('is a flag of every command', () => {
    const manifest = JSON.parse(readFileSync(join(repo, 'oclif.manifest.json'), 'utf8')) as { commands: Record<string, { flags: Record<string, unknown> }> };
    const ids = Object.keys(manifest.commands).filter((id) => id !== 'help');
    expect(ids).toContain('build');
    for (const id of ids) expect(Object.keys(manifest.commands[id].flags), id).toContain('debug');
    const version = run(['version', '--debug']);
    expect(version.status, version.stderr).toBe(0);
    const help = run(['build', '--help']);
    expect(help.stdout).toContain('--debug');
  });

  it('shows the stack of a plugin fault, as KUREL_DEBUG=1 does', () => {
    writeFileSync(
      join(scratch.dir, 'faulty.mjs'),
      `export default { meta: { name: 'acme-faulty', version: '1.0.0', kurelApi: '^${KUREL_API_VERSION}' }, components: [{ type: 'faulty', description: 'Throws.', properties: {}, render() { throw new Error('deep'); } }] };\n`,
    );
    writeFileSync(join(scratch.dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./faulty.mjs'] }));
    writeFileSync(join(scratch.dir, 'app.yaml'), APP);
    const plain = run(['build', 'app.yaml']);
    expect(plain.status).toBe(1);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const debug = run(['build', 'app.yaml', '--debug']);
    expect(debug.status).toBe(1);
    expect(debug.stderr).toMatch(/it threw Error: deep\nError: deep\n\s+at /);
    expect(debug.stderr).toBe(run(['build', 'app.yaml'], { KUREL_DEBUG: '1' }).stderr);
  });
});

describe('a plugin or config that does not parse', () => {
  it('a TypeScript plugin: its file:line:col and the parser\'s message', () => {
    writeFileSync(
      join(scratch.dir, 'broken.ts'),
      `import type { KurelPlugin } from 'kurel/plugin-api';\n\nconst plugin: KurelPlugin = {\n  meta: { name: 'broken', version: '1.0.0', kurelApi: '^${KUREL_API_VERSION}' },\n  components: [ { type: 'x', description: 'x', properties: {}, render() { return { objects: [ } } } ],\n};\nexport default plugin;\n`,
    );
    writeFileSync(join(scratch.dir, 'kurel.config.ts'), "export default { plugins: ['./broken.ts'] };\n");
    writeFileSync(join(scratch.dir, 'app.yaml'), APP);
    const result = run(['build', 'app.yaml', '--config', 'kurel.config.ts']);
    expect(result.status).toBe(1);
    const column = readFileSync(join(scratch.dir, 'broken.ts'), 'utf8').split('\n')[4].indexOf('[ }') + 3;
    expect(result.stderr).toBe(`Error: ${join(scratch.dir, 'broken.ts')}:5:${column}: plugin "./broken.ts" failed to load: syntax error: Unexpected token\n`);
  });

  it('a TypeScript config file: its file:line:col', () => {
    writeFileSync(join(scratch.dir, 'bad.config.ts'), 'export default {\n  plugins: [\n};\n');
    const result = run(['build', 'app.yaml', '--config', 'bad.config.ts']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`Error: ${join(scratch.dir, 'bad.config.ts')}:3:1: reading plugin config: syntax error: Unexpected token\n`);
  });
});
