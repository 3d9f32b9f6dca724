import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { kurelIn, repo, scratchFolder } from './support.js';

// One output convention: -o/--output DIR writes a folder, --format chooses what is printed,
// oclif's --json prints data, -h is help, and every write says what it wrote on stderr.

const scratch = scratchFolder('kurel-output-');
const app = join(repo, 'examples/webservice/app.yaml');
const run = (...args: string[]) => kurelIn(scratch.dir, args);

describe('-o/--output names a folder', () => {
  it('refuses a format word instead of creating a folder named after it', () => {
    for (const word of ['json', 'yaml']) {
      const result = run('build', app, '-o', word);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(`Error: -o ${word}: -o/--output names the folder to write; to print ${word}, use --format ${word} (a folder of that name is written as ./${word})\n`);
      expect(existsSync(join(scratch.dir, word))).toBe(false);
    }
    const schemas = run('schemas', '-o', 'json');
    expect(schemas.status).toBe(1);
    expect(existsSync(join(scratch.dir, 'json'))).toBe(false);
  });

  it('writes a folder of that name when it is written as a path', () => {
    const result = run('build', app, '-o', './json');
    expect(result.status, result.stderr).toBe(0);
    expect(readdirSync(join(scratch.dir, 'json'))).toEqual(['shop.yaml']);
  });

  it('prints to standard output for -o -, as - means standard input where kurel reads', () => {
    const result = run('build', app, '-o', '-');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(run('build', app).stdout);
    expect(existsSync(join(scratch.dir, '-'))).toBe(false);
    const layout = run('build', app, '-o', '-', '--layout', 'flux');
    expect(layout.status).toBe(1);
    expect(layout.stderr).toBe('Error: --layout flux writes a tree of folders: give the output folder with -o DIR (kurel explain --layout flux shows the tree)\n');
  });

  it('refuses an empty -o instead of writing into the current folder', () => {
    for (const empty of ['', ' ']) {
      const result = run('build', app, '-o', empty);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe('Error: -o requires a folder name (or - for standard output)\n');
    }
    expect(readdirSync(scratch.dir).filter((name) => name.endsWith('.yaml'))).toEqual([]);
  });

  it('reports every write on stderr, keeping stdout empty', () => {
    const build = run('build', app, '-o', 'out');
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout).toBe('');
    expect(build.stderr).toBe(`wrote ${join('out', 'shop.yaml')}\n`);
    const schemas = run('schemas', '-o', 'schemas');
    expect(schemas.status, schemas.stderr).toBe(0);
    expect(schemas.stdout).toBe('');
    // Every file but the record of what kurel wrote, which it keeps beside them.
    const count = readdirSync(join(scratch.dir, 'schemas'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name !== '.kurel-output.json').length;
    expect(schemas.stderr).toBe(`wrote ${count} files to schemas\n`);
  });
});

describe('--format yaml|json', () => {
  it('prints the build as a Kubernetes List holding the objects of the YAML stream', () => {
    const yaml = run('build', app);
    const json = run('build', app, '--format', 'json');
    expect(json.status, json.stderr).toBe(0);
    const list = JSON.parse(json.stdout) as { apiVersion: string; kind: string; items: unknown[] };
    expect(list.apiVersion).toBe('v1');
    expect(list.kind).toBe('List');
    expect(list.items).toEqual(parseAllDocuments(yaml.stdout).map((document) => document.toJS()));
    expect(run('build', app, '--format', 'yaml').stdout).toBe(yaml.stdout);
  });

  it('writes a json file with -o and --format json', () => {
    const result = run('build', app, '--format', 'json', '-o', 'as-json');
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(scratch.dir, 'as-json', 'shop.json'), 'utf8')).kind).toBe('List');
  });

  it('prints the same data as JSON and YAML from validate, explain and plugins', () => {
    for (const args of [['validate', app], ['explain', app], ['plugins']]) {
      const json = run(...args, '--format', 'json');
      const yaml = run(...args, '--format', 'yaml');
      expect(json.status, json.stderr).toBe(0);
      expect(yaml.status, yaml.stderr).toBe(0);
      expect(parse(yaml.stdout)).toEqual(JSON.parse(json.stdout));
    }
  });

  it('refuses a format the command cannot print', () => {
    const result = run('build', app, '--format', 'xml');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Error: Expected --format=xml to be one of: yaml, json/);
  });
});

describe('oclif conventions', () => {
  it('prints with --json what --format json prints, for validate, explain, plugins', () => {
    for (const args of [['validate', app], ['explain', app], ['plugins']]) {
      const flag = run(...args, '--json');
      expect(flag.status, flag.stderr).toBe(0);
      expect(JSON.parse(flag.stdout)).toEqual(JSON.parse(run(...args, '--format', 'json').stdout));
      expect(flag.stdout).toBe(run(...args, '--format', 'json').stdout);
    }
    const version = run('version', '--json');
    expect(JSON.parse(version.stdout)).toMatchObject({ version: expect.any(String), pluginApi: expect.any(String) });
  });

  it("colours --json by a theme in kurel's config folder, the text otherwise the same", () => {
    const config = join(scratch.dir, 'config-home');
    mkdirSync(join(config, 'kurel'), { recursive: true });
    writeFileSync(join(config, 'kurel', 'theme.json'), JSON.stringify({ json: { key: 'red' } }));
    for (const [args, key] of [[['explain', app], 'components'], [['validate', app], 'diagnostics']]) {
      const themed = spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args, '--json'], { cwd: scratch.dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, XDG_CONFIG_HOME: config, FORCE_COLOR: '1' } });
      expect(themed.status, themed.stderr).toBe(0);
      expect(themed.stdout).toContain(`\u001b[31m"${key}"`);
      expect(themed.stdout.replace(/\u001b\[\d+m/g, '')).toBe(run(...args, '--format', 'json').stdout);
    }
  });

  it('prints a refusal as JSON on stdout with --json', () => {
    const result = run('explain', join(scratch.dir, 'missing.yaml'), '--json');
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: 'KUREL_INPUT', diagnostics: [{ code: 'KUREL_INPUT' }] } });
  });

  it('takes -h as --help on every command', () => {
    for (const command of ['build', 'validate', 'explain', 'schemas', 'plugins', 'version']) {
      const short = run(command, '-h');
      expect(short.status, `${command} -h: ${short.stderr}`).toBe(0);
      expect(short.stdout).toBe(run(command, '--help').stdout);
      expect(short.stdout).toContain('USAGE');
    }
  });
});
