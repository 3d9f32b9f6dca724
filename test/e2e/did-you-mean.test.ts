import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from './support.js';
import { spawnSync } from 'node:child_process';

// A near miss names what was meant, for properties, types, commands and flags; every usage error exits 1.

const scratch = scratchFolder('kurel-did-you-mean-');
const app = readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8');
const run = (...args: string[]) => kurelIn(scratch.dir, args);
const piped = (input: string, ...args: string[]) => spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd: scratch.dir, input, encoding: 'utf8', timeout: 60_000 });

describe('did you mean', () => {
  it('names the property meant instead of listing every allowed one', () => {
    const result = piped(app.replace('image: ', 'imgae: '), 'validate');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('unsupported field "imgae" (did you mean "image"?)');
    expect(result.stderr).not.toContain('allowed:');
  });

  it('still lists what is allowed when nothing is close', () => {
    const result = piped(app.replace('image: ', 'zzzzzzzz: '), 'validate');
    expect(result.stderr).toMatch(/unsupported field "zzzzzzzz" \(allowed: .*image.*\)/);
  });

  it('lists what is allowed for the first 100 fields refused in one object, and names the first of them in the rest', () => {
    const extra = Array.from({ length: 120 }, (_, index) => `zz${String(index).padStart(3, '0')}: 1`);
    const result = piped(app.replace(/\n( +)image: /, (line, indent: string) => `\n${extra.map((key) => `${indent}${key}\n`).join('')}${line.slice(1)}`), 'build');
    expect(result.status).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(120);
    expect(lines.slice(0, 100).every((line, index) => line.includes(`unsupported field "zz${String(index).padStart(3, '0')}" (allowed: `) && line.includes('image'))).toBe(true);
    expect(lines[100]).toMatch(/^Error: .*:\d+:\d+ .*properties\.zz100: .*unsupported field "zz100" \(allowed: as listed for "zz000"\)$/);
    expect(lines[119]).toMatch(/unsupported field "zz119" \(allowed: as listed for "zz000"\)$/);
  });

  it('names the component or trait type meant', () => {
    const component = piped(app.replace('type: webservice', 'type: websevice'), 'build');
    expect(component.status).toBe(1);
    expect(component.stderr).toMatch(/spec\.components\[0\]\.type: invalid value "websevice" for "type" in "storefront"; did you mean "webservice"\?\n$/);
    const trait = piped(`${app.trimEnd()}\n`.replace(/(\n {6}traits:\n {8}- type: )(\S+)/, '$1$2x'), 'build');
    const traitType = /\n {6}traits:\n {8}- type: (\S+)/.exec(app)?.[1];
    expect(traitType).toBeDefined();
    expect(trait.status).toBe(1);
    expect(trait.stderr).toContain(`invalid value "${traitType}x" for "type" in "storefront"; did you mean "${traitType}"?`);
  });

  it('names the command meant, exiting 1, also for help on it', () => {
    for (const args of [['biuld', 'app.yaml'], ['biuld'], ['biuld', '--help'], ['help', 'biuld']]) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr).toBe('Error: unknown command "biuld" (did you mean "build"?); see kurel --help\n');
    }
    const none = run('zzz');
    expect(none.status).toBe(1);
    expect(none.stderr).toBe('Error: unknown command "zzz"; see kurel --help\n');
  });

  it('takes a word after a command that takes no argument for an unexpected argument, not an unknown command', () => {
    for (const [args, word] of [[['version', 'extra'], 'extra'], [['plugins', 'out'], 'out'], [['profile', 'import', 'cluster.yaml'], 'cluster.yaml']] as const) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr).toBe(`Error: Unexpected argument: ${word}\nSee more help with --help\n`);
    }
    // As a command that takes arguments says it; and under NODE_ENV=development, where oclif would
    // add a reminder to call parse, nothing more.
    for (const nodeEnv of ['production', 'development']) {
      const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'explain', 'a.yaml', 'b.yaml'], { cwd: scratch.dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_ENV: nodeEnv } });
      expect(result.stderr, nodeEnv).toBe('Error: Unexpected argument: b.yaml\nSee more help with --help\n');
    }
  });

  it('names an unknown command under a topic with the topic, and the command meant', () => {
    const result = run('profile', 'imprt');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: unknown command "profile imprt" (did you mean "profile import"?); see kurel --help\n');
  });

  it('names the flag meant, and --format json for --json where the command prints formats', () => {
    const target = join(repo, 'examples/webservice');
    const misspelt = run('build', target, '--profle', 'x.yaml');
    expect(misspelt.status).toBe(1);
    expect(misspelt.stderr.split('\n')[0]).toBe('Error: Nonexistent flag: --profle (did you mean --profile?)');
    const json = run('build', target, '--json');
    expect(json.status).toBe(1);
    expect(json.stderr.split('\n')[0]).toBe('Error: Nonexistent flag: --json (did you mean --format json?)');
  });

  it('exits 1 on every usage error', () => {
    for (const args of [['build', 'a.yaml', 'b.yaml'], ['build', '--format'], ['build', '--format', 'xml'], ['validate', '-z'], ['schemas', '--format', 'toml']]) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr.startsWith('Error: ')).toBe(true);
    }
  });
});
