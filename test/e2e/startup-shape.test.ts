import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestFileOf, pluginManifest } from '../../src/host/plugins/manifest.js';
import type { KurelPlugin } from '../../src/plugin-api/index.js';

// What start-up must not pay for (bench/README.md says what each costs): not timed here, only
// checked to be so, on the built bundle a user runs.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const bundle = join(repo, 'dist/bundle');
const fixture = join(repo, 'bench/fixtures/webservice-minimal');
let scratch: string;

beforeAll(() => {
  if (!existsSync(join(bundle, 'main.cjs'))) throw new Error('dist/ is missing: run `npm run build` before the CLI tests');
  scratch = mkdtempSync(join(tmpdir(), 'kurel-startup-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function bundledFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? bundledFiles(path) : name.endsWith('.cjs') ? [path] : [];
  });
}

/** What a Node process loaded, and its threads where Linux lists them, read as it exits. */
interface RunReport {
  builtins: string[];
  files: string[];
  threads: number | null;
}

/** Runs Node with `argv` (a script and its arguments, or `-e …`) and reads its report at exit. */
function reportOf(argv: string[], env: Record<string, string | undefined> = {}): RunReport {
  const report = join(scratch, 'loaded.json');
  const preload = join(scratch, 'report-loaded.cjs');
  writeFileSync(preload, `process.on('exit', () => { const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(report)}, JSON.stringify({ list: process.moduleLoadList, files: Object.keys(require.cache), threads: fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task').length : null })); });\n`);
  const result = spawnSync(process.execPath, ['--require', preload, ...argv], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  expect(result.status, result.stderr).toBe(0);
  const { list, files, threads } = JSON.parse(readFileSync(report, 'utf8')) as { list: string[]; files: string[]; threads: number | null };
  return { builtins: list.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice('NativeModule '.length)), files, threads };
}

/** What a run of bin/kurel loaded, read as it exits: Node's built-ins and the files it required. */
const loadedBy = (args: string[], env: Record<string, string | undefined> = {}) => reportOf([join(repo, 'bin/kurel'), ...args], env);

/** What a plain build of one web service loaded: run once, read by the tests that ask about it. */
let plain: RunReport | undefined;
const POD_APPLICATION = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: tools
  namespace: tools
spec:
  components:
    - name: debug
      type: pod
      properties:
        containers:
          - name: shell
            image: busybox:1.36.1
`;

const plainBuild = () => (plain ??= loadedBy(['build', join(fixture, 'app.yaml'), '--profile', join(fixture, 'profile.yaml')]));

/**
 * Runs bin/kurel with V8's flag setter watched: the flags it set, and the modules it loaded after
 * it first set any (none where it set none).
 */
function runWatchingFlags(args: string[], env: Record<string, string> = {}): { stdout: string; flags: string; loadedAfter: string[] | null } {
  const report = join(scratch, 'flags.json');
  const preload = join(scratch, 'report-flags.cjs');
  writeFileSync(
    preload,
    `const v8 = require('node:v8');
const setFlags = v8.setFlagsFromString;
const flags = [];
let from;
v8.setFlagsFromString = function (value) { from ??= process.moduleLoadList.length; flags.push(value); return setFlags.call(this, value); };
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify({ flags, loadedAfter: from === undefined ? null : process.moduleLoadList.slice(from) })));\n`,
  );
  const result = spawnSync(process.execPath, ['--require', preload, join(repo, 'bin/kurel'), ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  expect(result.status, result.stderr).toBe(0);
  const { flags, loadedAfter } = JSON.parse(readFileSync(report, 'utf8')) as { flags: string[]; loadedAfter: string[] | null };
  return { stdout: result.stdout, flags: flags.join(' '), loadedAfter };
}

describe('the start-up of kurel', () => {
  it('reads bundled files of ASCII alone, which V8 keeps one byte a character', () => {
    const files = bundledFiles(bundle);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(/[^\x00-\x7f]/.test(readFileSync(file, 'latin1')), file).toBe(false);
  });

  it('leaves child_process, crypto and assert unloaded for a build that starts no program and hashes nothing', () => {
    const loaded = plainBuild().builtins;
    expect(loaded).toContain('fs');
    expect(loaded).not.toContain('child_process');
    expect(loaded).not.toContain('crypto');
    expect(loaded).not.toContain('assert');
  });

  it('leaves readline and perf_hooks unloaded: no kurel flag has oclif read standard input, and oclif times nothing', () => {
    const loaded = plainBuild().builtins;
    expect(loaded).not.toContain('readline');
    expect(loaded).not.toContain('perf_hooks');
  });

  // Linux lists a process's threads under /proc; elsewhere there is nothing to count them by.
  it.skipIf(!existsSync('/proc/self/task'))("starts no thread a bare Node does not: oclif's few file reads are made at once, not in libuv's pool", () => {
    const bare = reportOf(['-e', '0']).threads!;
    // One read through fs/promises starts the pool's threads (four by default): the same count sees them.
    expect(reportOf(['-e', "require('node:fs/promises').readFile(process.execPath).then(() => {})"]).threads).toBeGreaterThan(bare);
    expect(plainBuild().threads).toBe(bare);
  });

  it('starts no ES module loader for the CLI itself', () => {
    const loaded = plainBuild().builtins;
    expect(loaded).not.toContain('internal/modules/esm/module_job');
  });

  it("resolves no package export, which would load Node's ES module resolver: the built-ins come by the file kurel's exports give", () => {
    const loaded = plainBuild().builtins;
    expect(loaded).not.toContain('internal/modules/esm/resolve');
    for (const file of bundledFiles(join(bundle, 'plugins'))) expect(readFileSync(file, 'utf8'), file).not.toMatch(/require\("kurel\//);
  });

  it("loads the Node built-ins a build needs before V8's flags change, which would have V8 refuse their compiled code", () => {
    const after = runWatchingFlags(['build', join(fixture, 'app.yaml'), '--profile', join(fixture, 'profile.yaml')]).loadedAfter;
    // bin/kurel sets flags on Node 20 alone.
    if (process.versions.node.split('.')[0] !== '20') {
      expect(after).toBeNull();
      return;
    }
    const builtins = after!.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice('NativeModule '.length));
    // The stream Node makes for standard output to a file or pipe, when the build writes to it.
    expect(builtins.filter((name) => name !== 'internal/fs/sync_write_stream')).toEqual([]);
  });

  it("sizes V8's young generation and baseline compiler by the input, each size under a code cache of its own", () => {
    // The same application padded with a comment: to 20,000 bytes (past 16 KiB, short of 256 KiB)
    // and to 300,000 (past 256 KiB, short of 512 KiB).
    const padded = (name: string, bytes: number) => {
      const file = join(scratch, name);
      const app = readFileSync(join(fixture, 'app.yaml'), 'utf8');
      writeFileSync(file, `${app}${'# padding\n'.repeat(Math.ceil((bytes - app.length) / 10))}`);
      return file;
    };
    const medium = padded('medium-app.yaml', 20_000);
    const large = padded('large-app.yaml', 300_000);
    // A folder kurel writes to is no input, whatever it holds.
    const output = join(scratch, 'young-generation-output');
    mkdirSync(output, { recursive: true });
    writeFileSync(join(output, 'unrelated.yaml'), '# padding\n'.repeat(30_000));
    const cacheDir = join(scratch, 'young-generation-cache');
    const run = (...args: string[]) => runWatchingFlags(args, { KUREL_CACHE_DIR: cacheDir });
    const profile = ['--profile', join(fixture, 'profile.yaml')];
    const tiny = run('build', join(fixture, 'app.yaml'), ...profile);
    const small = run('build', medium, ...profile);
    const grown = run('build', large, ...profile);
    const written = run('build', join(fixture, 'app.yaml'), ...profile, '-o', output);
    // `kurel schemas` publishes every registered type, whatever it is given.
    const schemas = run('schemas', '--help');
    expect(small.stdout).toBe(tiny.stdout);
    expect(grown.stdout).toBe(tiny.stdout);
    const caches = readdirSync(join(cacheDir, 'compile', `${process.version}-${process.arch}`));
    for (const variant of ['build-tiny', 'build', 'build-large']) {
      expect(caches.some((name) => new RegExp(`\\.${variant}(\\.settled)?\\.bin$`).test(name)), variant).toBe(true);
    }
    // bin/kurel sets flags on Node 20 alone.
    if (process.versions.node.split('.')[0] !== '20') return;
    for (const started of [tiny, small, written]) expect(started.flags).toContain('--semi-space-growth-factor=1');
    for (const started of [grown, schemas]) expect(started.flags).not.toContain('--semi-space-growth-factor');
    for (const started of [tiny, written]) expect(started.flags).toContain('--no-sparkplug');
    for (const started of [small, grown, schemas]) expect(started.flags).not.toContain('sparkplug');
  });

  it('loads crypto where a run needs it: a folder kurel owns, each file recorded by its hash', () => {
    const out = join(scratch, 'schemas');
    const loaded = loadedBy(['schemas', '-o', out]).builtins;
    expect(loaded).toContain('crypto');
    expect(readFileSync(join(out, '.kurel-output.json'), 'utf8')).toMatch(/"[0-9a-f]{64}"/);
  });

  it('loads no TypeScript under NODE_ENV=development or test, where oclif would look for command sources', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const { files } = loadedBy(['build', join(fixture, 'app.yaml'), '--profile', join(fixture, 'profile.yaml')], { NODE_ENV });
      expect(files.some((file) => file.includes(`${sep}dist${sep}bundle${sep}`))).toBe(true);
      expect(files.filter((file) => file.includes(`${sep}typescript${sep}`))).toEqual([]);
    }
  });

  it('registers the built-in kinds from their manifest, and loads them where a build uses one', () => {
    const kinds = (files: string[]) => files.filter((file) => /[\\/]plugins[\\/]builtin-kinds\.cjs$/.test(file));
    // The manifest the build wrote is the one the plugin it built gives.
    const entry = join(bundle, 'plugins', 'builtin-kinds.cjs');
    const written = JSON.parse(readFileSync(manifestFileOf(entry), 'utf8')) as unknown;
    expect(written).toEqual(pluginManifest(createRequire(entry)(entry) as KurelPlugin, statSync(entry).size));
    expect(kinds(plainBuild().files)).toEqual([]);
    expect(kinds(loadedBy(['build', join(repo, 'test/golden/helm-sources/app.yaml')]).files)).toHaveLength(1);
  });

  it('loads the generated schemas a family at a time, when a kind of the family is used', () => {
    const family = (file: string) => /kinds-schemas[\\/]([^\\/]+)\.cjs$/.exec(file)?.[1];
    expect(plainBuild().files.map(family).filter(Boolean)).toEqual([]);
    const helm = loadedBy(['build', join(repo, 'test/golden/helm-sources/app.yaml')]).files;
    expect(helm.map(family).filter(Boolean).sort()).toEqual(['flux-helm-controller', 'flux-source-controller']);
    // A bare Pod's properties are the PodSpec of the Kubernetes models.
    const app = join(scratch, 'pod.yaml');
    writeFileSync(app, POD_APPLICATION);
    expect(loadedBy(['build', app]).files.map(family).filter(Boolean)).toEqual(['kubernetes-models']);
  });

  it('sorts no command ids with the locale collator, which costs ICU its start-up', () => {
    expect(readFileSync(join(bundle, 'chunks/kurel.cjs'), 'utf8')).not.toContain('a.id.localeCompare(b.id)');
  });
});
