import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The code cache bin/kurel keeps for the bundled CLI: written after a run, taken by the next,
// and never a reason for different output, whatever state it is found in.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const kurel = join(repo, 'bin/kurel');
const fixture = join(repo, 'bench/fixtures/webservice-minimal');

let cacheHome: string;

beforeAll(() => {
  if (!existsSync(join(repo, 'dist/bundle/main.cjs'))) throw new Error('dist/ is missing: run `npm run build` before the CLI tests');
  cacheHome = mkdtempSync(join(tmpdir(), 'kurel-compile-cache-'));
});

afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));

/** bin/kurel run with its caches in `cacheDir`. */
function kurelIn(cacheDir: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [kurel, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, KUREL_CACHE_DIR: cacheDir, ...env } });
}

function build(cacheDir: string, env: Record<string, string> = {}) {
  const result = kurelIn(cacheDir, ['build', join(fixture, 'app.yaml'), '--profile', join(fixture, 'profile.yaml')], env);
  if (result.error) throw result.error;
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

/** A build of ten web services with an expose trait: it runs code a build of one never runs. */
function buildTen(cacheDir: string) {
  const tenServices = join(repo, 'bench/fixtures/web-services-10');
  return kurelIn(cacheDir, ['build', join(tenServices, 'app.yaml'), '--profile', join(tenServices, 'profile.yaml')]);
}

/** The shared chunk's cache, in whatever state: its name and its file. */
const chunkCache = (cacheDir: string) => [...cacheFiles(cacheDir)].find(([name]) => name.includes('_chunks_kurel.cjs@'))!;

/** The cache files, by name, in the one folder per Node version they go to. */
function cacheFiles(cacheDir: string): Map<string, string> {
  const root = join(cacheDir, 'compile');
  const found = new Map<string, string>();
  if (!existsSync(root)) return found;
  for (const version of readdirSync(root)) for (const name of readdirSync(join(root, version))) found.set(name, join(root, version, name));
  return found;
}

describe('the compile cache', () => {
  it('is written by the first run, for the shared chunk and each built-in it loads, settled once a run adds nothing, and then taken unchanged', () => {
    const cacheDir = join(cacheHome, 'fresh');
    const first = build(cacheDir);
    const names = [...cacheFiles(cacheDir).keys()];
    // The input is tiny (bin/kurel): the cache is the variant of tiny builds.
    expect(names.some((name) => name.includes('_chunks_kurel.cjs@') && name.endsWith('.build-tiny.bin'))).toBe(true);
    for (const builtin of ['components', 'traits', 'policies']) {
      expect(names.some((name) => name.includes(`_plugins_builtin-${builtin}.cjs@`))).toBe(true);
    }
    // The built-in kinds register from their manifest: a build of a web service never loads them.
    expect(names.some((name) => name.includes('_plugins_builtin-kinds.cjs@'))).toBe(false);

    // The next run compiles what the first did, give or take a function: every cache is settled.
    expect(build(cacheDir)).toBe(first);
    const settled = cacheFiles(cacheDir);
    expect([...settled.keys()].every((name) => name.endsWith('.build-tiny.settled.bin'))).toBe(true);
    expect(settled.size).toBe(names.length);
    const before = new Map([...settled].map(([name, file]) => [name, statSync(file).mtimeMs]));

    expect(build(cacheDir)).toBe(first);
    const after = cacheFiles(cacheDir);
    expect([...after.keys()].sort()).toEqual([...settled.keys()].sort());
    for (const [name, file] of after) expect(statSync(file).mtimeMs).toBe(before.get(name));
  });

  it('grows a whole cache with what a later run of the command compiled that it lacked', () => {
    const cacheDir = join(cacheHome, 'grows');
    // One service first: the build of ten with an expose trait runs code the first never ran.
    build(cacheDir);
    const [firstName, firstFile] = chunkCache(cacheDir);
    const firstSize = statSync(firstFile).size;
    const ten = buildTen(cacheDir);
    expect(ten.status, ten.stderr).toBe(0);
    const [grownName, grownFile] = chunkCache(cacheDir);
    expect(grownName).toBe(firstName);
    expect(statSync(grownFile).size).toBeGreaterThan(firstSize);
    const again = buildTen(cacheDir);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toBe(ten.stdout);
    expect(chunkCache(cacheDir)[0]).toMatch(/\.build-tiny\.settled\.bin$/);
  });

  it('checks a settled cache once a day, and grows it with what a run compiled that it lacked', () => {
    const cacheDir = join(cacheHome, 'recheck');
    build(cacheDir);
    build(cacheDir);
    const [settledName, settledFile] = chunkCache(cacheDir);
    expect(settledName).toMatch(/\.build-tiny\.settled\.bin$/);
    const settledSize = statSync(settledFile).size;

    // Checked today: taken as it is by a build that runs more.
    expect(buildTen(cacheDir).status).toBe(0);
    expect(chunkCache(cacheDir)[0]).toBe(settledName);
    expect(statSync(settledFile).size).toBe(settledSize);

    // Checked two days ago: the build writes what it compiled, and the settled cache goes.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(settledFile, twoDaysAgo, twoDaysAgo);
    expect(buildTen(cacheDir).status).toBe(0);
    const [grownName, grownFile] = chunkCache(cacheDir);
    expect(grownName).toBe(settledName.replace('.settled.bin', '.bin'));
    expect(statSync(grownFile).size).toBeGreaterThan(settledSize);
    expect([...cacheFiles(cacheDir).keys()].filter((name) => name.includes('_chunks_kurel.cjs@'))).toEqual([grownName]);
  });

  it("keeps a failed run's cache apart as partial, and replaces it with the cache of the first run that exits 0", () => {
    const cacheDir = join(cacheHome, 'failed-first');
    const failing = kurelIn(cacheDir, ['build', join(fixture, 'missing.yaml'), '--profile', join(fixture, 'profile.yaml')]);
    expect(failing.status).toBe(1);
    const partial = cacheFiles(cacheDir);
    expect([...partial.keys()].some((name) => name.includes('_chunks_kurel.cjs@') && name.endsWith('.build-tiny.partial.bin'))).toBe(true);
    expect([...partial.keys()].filter((name) => !name.endsWith('.partial.bin'))).toEqual([]);

    // A run that takes the partial cache and fails again leaves it as it is.
    const before = new Map([...partial].map(([name, file]) => [name, statSync(file).mtimeMs]));
    expect(kurelIn(cacheDir, ['build', join(fixture, 'missing.yaml')]).status).toBe(1);
    for (const [name, file] of cacheFiles(cacheDir)) expect(statSync(file).mtimeMs, name).toBe(before.get(name));

    expect(build(cacheDir)).toBe(build(join(cacheHome, 'failed-first-reference')));
    const names = [...cacheFiles(cacheDir).keys()];
    expect(names.filter((name) => name.endsWith('.partial.bin'))).toEqual([]);
    expect(names.some((name) => name.includes('_chunks_kurel.cjs@') && name.endsWith('.build-tiny.bin'))).toBe(true);
    for (const builtin of ['components', 'traits', 'policies']) expect(names.some((name) => name.includes(`_plugins_builtin-${builtin}.cjs@`))).toBe(true);
  });

  it('gives the same output from a damaged cache, and replaces it', () => {
    const cacheDir = join(cacheHome, 'damaged');
    const clean = build(cacheDir);
    const [, chunkCache] = [...cacheFiles(cacheDir)].find(([name]) => name.includes('_chunks_kurel.cjs@'))!;
    const garbage = Buffer.from('not a V8 code cache'.repeat(100));
    writeFileSync(chunkCache, garbage);

    expect(build(cacheDir)).toBe(clean);
    expect(readFileSync(chunkCache).equals(garbage)).toBe(false);
  });

  it('keeps one cache per command, and one for its help: help runs other functions than build', () => {
    const cacheDir = join(cacheHome, 'commands');
    // The help of build first: a later build must not take the cache that run wrote.
    expect(kurelIn(cacheDir, ['build', '--help']).status).toBe(0);
    build(cacheDir);
    expect(kurelIn(cacheDir, ['validate', '--help']).status).toBe(0);
    expect(kurelIn(cacheDir, ['bulid']).status).toBe(1);
    expect(kurelIn(cacheDir, ['nosuch']).status).toBe(1);
    // A word that names no command fails: its cache is a partial one.
    const variants = [...cacheFiles(cacheDir).keys()]
      .filter((name) => name.includes('_chunks_kurel.cjs@'))
      .map((name) => name.replace('.partial.bin', '.bin').split('.').at(-2))
      .sort();
    expect(variants).toEqual(['build-help-tiny', 'build-tiny', 'other-tiny', 'validate-help-tiny']);
  });

  it('drops, when it writes, the caches no installation has written for 30 days, and nothing it did not write', () => {
    const cacheDir = join(cacheHome, 'stale');
    const folder = join(cacheDir, 'compile', `${process.version}-${process.arch}`);
    mkdirSync(folder, { recursive: true });
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    const place = (name: string, age: number) => {
      writeFileSync(join(folder, name), 'cache');
      utimesSync(join(folder, name), days(age), days(age));
    };
    place('0badcafe_chunks_kurel.cjs@1499202-1796180218631.build.bin', 31);
    place('0badcafe_main.cjs@201-1796182655498.validate-help.bin', 45);
    place('0badcafe_chunks_kurel.cjs@1499202-1796180218631.build.bin.4242.tmp', 40);
    place('0badcafe_chunks_kurel.cjs@1499202-1796180218631.validate.partial.bin', 31);
    place('0badcafe_plugins_builtin-kinds.cjs@622324-1796180218631.build.settled.bin', 60);
    place('0badcafe_chunks_kurel.cjs@1499202-1796180218631.validate.bin', 29);
    place('notes.txt', 400);
    place('0BADCAFE_chunks_kurel.cjs@1-1.build.bin', 400);

    build(cacheDir);
    const left = [...cacheFiles(cacheDir).keys()];
    expect(left.filter((name) => name.startsWith('0badcafe_') || !/^[0-9a-f]{8}_/.test(name)).sort()).toEqual([
      '0BADCAFE_chunks_kurel.cjs@1-1.build.bin',
      '0badcafe_chunks_kurel.cjs@1499202-1796180218631.validate.bin',
      'notes.txt',
    ]);
    expect(left.some((name) => name.includes('_chunks_kurel.cjs@') && name.endsWith('.build-tiny.bin') && !name.startsWith('0badcafe_'))).toBe(true);
  });

  it('reads a bundled file of ASCII as one-byte text, and any other file as Node reads it', () => {
    const folder = join(cacheHome, 'sources');
    mkdirSync(join(folder, 'bundle'), { recursive: true });
    writeFileSync(join(folder, 'bundle/ascii.cjs'), "module.exports = 'plain \\u00e9 text';\n");
    writeFileSync(join(folder, 'bundle/utf8.cjs'), "module.exports = 'caf\u00e9 \u2192 \u00fc';\n");
    writeFileSync(join(folder, 'outside.cjs'), "module.exports = 'outside';\n");
    // Every read of these files, with the encoding it asked for: Node's loader asks for UTF-8, and
    // kurel opens a file to read its bytes.
    const probe = `
      const fs = require('node:fs');
      const readFileSync = fs.readFileSync;
      const openSync = fs.openSync;
      const reads = [];
      const inFolder = (file) => typeof file === 'string' && file.startsWith(${JSON.stringify(folder)});
      fs.readFileSync = function (file, options) {
        if (inFolder(file)) reads.push([file.slice(${folder.length + 1}), typeof options === 'string' ? options : (options?.encoding ?? 'bytes')]);
        return readFileSync.apply(this, arguments);
      };
      fs.openSync = function (file) {
        if (inFolder(file)) reads.push([file.slice(${folder.length + 1}), 'bytes']);
        return openSync.apply(this, arguments);
      };
      require(${JSON.stringify(join(repo, 'dist/bundle/startup.cjs'))}).installCompileCache(${JSON.stringify(join(folder, 'bundle') + '/')}, 'build');
      const values = ['bundle/ascii.cjs', 'bundle/utf8.cjs', 'outside.cjs'].map((file) => require(${JSON.stringify(folder)} + '/' + file));
      process.stdout.write(JSON.stringify({ values, reads: reads.filter(([file]) => !file.endsWith('.bin')) }));
    `;
    const result = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8', env: { ...process.env, KUREL_CACHE_DIR: join(folder, 'cache') } });
    expect(result.stderr).toBe('');
    const { values, reads } = JSON.parse(result.stdout) as { values: string[]; reads: [string, string][] };
    expect(values).toEqual(['plain \u00e9 text', 'caf\u00e9 \u2192 \u00fc', 'outside']);
    expect(reads).toContainEqual(['bundle/ascii.cjs', 'bytes']);
    expect(reads.filter(([file]) => file === 'bundle/ascii.cjs')).toHaveLength(1);
    expect(reads).toContainEqual(['bundle/utf8.cjs', 'bytes']);
    expect(reads).toContainEqual(['bundle/utf8.cjs', 'utf8']);
    expect(reads).toContainEqual(['outside.cjs', 'utf8']);
  });

  it('writes nothing under NODE_DISABLE_COMPILE_CACHE, and the output is the same', () => {
    const cacheDir = join(cacheHome, 'disabled');
    const cached = build(join(cacheHome, 'enabled'));
    expect(build(cacheDir, { NODE_DISABLE_COMPILE_CACHE: '1' })).toBe(cached);
    expect(cacheFiles(cacheDir).size).toBe(0);
  });
});
