import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTree } from '../golden-flux/golden-tree.js';
import { repo, scratchFolder } from './support.js';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';

// The build cache of `kurel build PKG... -o DIR --layout flux`, through the CLI: a package whose
// inputs did not change is taken from $KUREL_CACHE_DIR/builds; anything else is built and stored.
// Every package built writes its entry, so the entries written tell how many packages were built.

const scratch = scratchFolder('kurel-build-cache-');
const FLEET = join(repo, 'test/fixtures/fleet');

/** The fixture fleet, and `delta`: a package whose local plugin's trait, bound with no definition, warns. */
function writeFleet(name: string): string {
  const dir = join(scratch.dir, name, 'fleet');
  for (const pkg of ['alpha', 'beta', 'gamma']) cpSync(join(FLEET, pkg), join(dir, pkg), { recursive: true });
  const delta = join(dir, 'delta');
  mkdirSync(join(delta, 'profiles'), { recursive: true });
  writeFileSync(
    join(delta, 'stamp-plugin.mjs'),
    `export default { meta: { name: 'acme-stamp', version: '1.0.0', kurelApi: '^${KUREL_API_VERSION}' }, traits: [{ type: 'stamp', description: 'Stamps.', capability: { definition: true }, apply() {} }] };\n`,
  );
  writeFileSync(join(delta, '.kurelrc.yaml'), 'plugins:\n  - ./stamp-plugin.mjs\n');
  writeFileSync(
    join(delta, 'app.yaml'),
    'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: delta, namespace: delta}\nspec:\n  components:\n    - name: web\n      type: worker\n      properties: {image: ghcr.io/example/web:v1.0.0}\n      traits:\n        - type: stamp\n',
  );
  writeFileSync(join(delta, 'profiles/staging.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: staging}\nspec:\n  capabilities:\n    stamp: {}\n');
  writeFileSync(join(delta, 'environments.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: EnvironmentSet\nmetadata: {name: environments}\nspec:\n  environments:\n    - name: staging\n      profile: profiles/staging.yaml\n');
  return dir;
}

/** `kurel ARGS` in `cwd` with its build cache in `cache`. */
function kurel(cwd: string, cache: string, args: string[]) {
  return spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env, KUREL_CACHE_DIR: cache } });
}

/** Builds the fleet of `cwd` (`fleet/`) into `cwd/<out>` for staging; exit 0 is asserted. */
function buildFleet(cwd: string, cache: string, out: string, extra: string[] = []) {
  const result = kurel(cwd, cache, ['build', 'fleet', '-o', out, '--layout', 'flux', '--environment', 'staging', ...extra]);
  expect(result.status, result.stderr).toBe(0);
  return result;
}

/** Every stored entry by file, with the inode its last write gave it (a write renames a new file into place). */
function entries(cache: string): Map<string, number> {
  const found = new Map<string, number>();
  const builds = join(cache, 'builds');
  let folders: string[] = [];
  try {
    // The sweep's marker file sits beside the folders of entries.
    folders = readdirSync(builds, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return found;
  }
  for (const folder of folders) {
    for (const name of readdirSync(join(builds, folder))) found.set(join(builds, folder, name), statSync(join(builds, folder, name)).ino);
  }
  return found;
}

/** The entries written between `before` and `after`: new files, and files written again. */
function written(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([file, inode]) => before.get(file) !== inode).map(([file]) => file);
}

function editEntries(cache: string, edit: (entry: Record<string, unknown>) => Record<string, unknown> | string): void {
  for (const file of entries(cache).keys()) {
    const changed = edit(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
    writeFileSync(file, typeof changed === 'string' ? changed : JSON.stringify(changed));
  }
}

describe('kurel build PKG... --layout flux: the build cache', () => {
  it('takes every unchanged package from the cache: the same tree, byte for byte, and the same warnings', () => {
    const cwd = join(scratch.dir, 'hit');
    writeFleet('hit');
    const cache = join(cwd, 'cache');
    const cold = buildFleet(cwd, cache, 'cold');
    expect(cold.stderr).toContain('warning: no CapabilityDefinition found for custom trait "stamp"');
    const stored = entries(cache);
    expect(stored.size).toBe(4);

    const warm = buildFleet(cwd, cache, 'warm');
    expect(written(stored, entries(cache))).toEqual([]);
    expect(warm.stderr).toBe(cold.stderr.replace('cold/', 'warm/'));
    expect([...readTree(join(cwd, 'warm'))]).toEqual([...readTree(join(cwd, 'cold'))]);

    // A fresh build gives that tree too.
    const fresh = buildFleet(cwd, join(cwd, 'empty-cache'), 'fresh', ['--no-cache']);
    expect(fresh.stderr).toBe(cold.stderr.replace('cold/', 'fresh/'));
    expect([...readTree(join(cwd, 'fresh'))]).toEqual([...readTree(join(cwd, 'cold'))]);
  });

  it('builds again the one package whose input file changed, and only it', () => {
    const cwd = join(scratch.dir, 'changed-file');
    const fleet = writeFleet('changed-file');
    const cache = join(cwd, 'cache');
    buildFleet(cwd, cache, 'out');
    const before = entries(cache);
    writeFileSync(join(fleet, 'beta/values/staging.yaml'), 'image: ghcr.io/example/beta:v2.0.0\nreplicas: 3\n');
    buildFleet(cwd, cache, 'out');
    const rebuilt = written(before, entries(cache));
    expect(rebuilt).toHaveLength(1);
    expect(JSON.stringify(JSON.parse(readFileSync(rebuilt[0], 'utf8')).value.owner)).toBe('{"package":"../fleet/beta","environment":"staging"}');
    const tree = [...readTree(join(cwd, 'out')).values()].join('');
    expect(tree).toContain('ghcr.io/example/beta:v2.0.0\n');
    expect(tree).toContain('replicas: 3\n');

    // The tree is the one a build without the cache writes.
    buildFleet(cwd, join(cwd, 'no-cache'), 'fresh', ['--no-cache']);
    expect([...readTree(join(cwd, 'out'))]).toEqual([...readTree(join(cwd, 'fresh'))]);
  });

  it('builds again a package whose local plugin changed', () => {
    const cwd = join(scratch.dir, 'changed-plugin');
    const fleet = writeFleet('changed-plugin');
    const cache = join(cwd, 'cache');
    buildFleet(cwd, cache, 'out');
    const before = entries(cache);
    const plugin = join(fleet, 'delta/stamp-plugin.mjs');
    writeFileSync(plugin, readFileSync(plugin, 'utf8').replace('Stamps.', 'Stamps each object.'));
    buildFleet(cwd, cache, 'out');
    expect(written(before, entries(cache))).toHaveLength(1);
  });

  it('keys a package by its --set values', () => {
    const cwd = join(scratch.dir, 'set');
    writeFleet('set');
    const cache = join(cwd, 'cache');
    const build = (replicas: string) => {
      const result = kurel(cwd, cache, ['build', 'fleet/beta', '-o', 'out', '--layout', 'flux', '--environment', 'staging', '--set', `replicas=${replicas}`]);
      expect(result.status, result.stderr).toBe(0);
      return [...readTree(join(cwd, 'out'))].filter(([path]) => path.includes('deployment')).map(([, text]) => text).join('');
    };
    expect(build('2')).toContain('replicas: 2\n');
    const two = entries(cache);
    expect(build('5')).toContain('replicas: 5\n');
    expect(written(two, entries(cache))).toHaveLength(1);
    const both = entries(cache);
    expect(build('2')).toContain('replicas: 2\n');
    expect(written(both, entries(cache))).toEqual([]);
  });

  it("remembers the tree's files by their stat, and still refuses one edited since, even to the same size and times", async () => {
    const cwd = join(scratch.dir, 'stamps');
    writeFleet('stamps');
    const cache = join(cwd, 'cache');
    buildFleet(cwd, cache, 'out');
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The second build reads and checks every file of the tree, and records them.
    buildFleet(cwd, cache, 'out');
    const [record] = readdirSync(join(cache, 'trees')).filter((name) => name.endsWith('.json') && !name.endsWith('.owners.json')).map((name) => JSON.parse(readFileSync(join(cache, 'trees', name), 'utf8')) as { folder: string; files: Record<string, unknown> });
    expect(record.folder).toBe(join(cwd, 'out/clusters/staging'));
    const tree = [...readTree(join(cwd, 'out')).keys()].filter((path) => !path.endsWith('.kurel-output.json'));
    expect(Object.keys(record.files).sort()).toEqual(tree.map((path) => path.replace('clusters/staging/', '')).sort());
    // A Deployment's replicas, one digit changed for another: the same size.
    const file = Object.keys(record.files).map((path) => join(cwd, 'out/clusters/staging', path)).find((path) => /replicas: \d\n/.test(readFileSync(path, 'utf8')))!;
    const { atime, mtime } = statSync(file);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/replicas: (\d)/, (_, digit: string) => `replicas: ${(Number(digit) + 1) % 10}`));
    expect(readFileSync(file, 'utf8')).not.toBe(text);
    utimesSync(file, atime, mtime);
    const result = kurel(cwd, cache, ['build', 'fleet', '-o', 'out', '--layout', 'flux', '--environment', 'staging']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('files kurel wrote were changed since');
  });

  it('keeps the packages whose share the tree holds from the same plan without reading their plans, and still reports their warnings', () => {
    const cwd = join(scratch.dir, 'kept');
    writeFleet('kept');
    const cache = join(cwd, 'cache');
    const cold = buildFleet(cwd, cache, 'out');
    const tree = readTree(join(cwd, 'out'));
    // Every stored plan changed by hand: a tree that holds the packages' shares reads none of them...
    editEntries(cache, (entry) => JSON.parse(JSON.stringify(entry).replaceAll('ghcr.io/example/alpha', 'tampered.example/alpha')) as Record<string, unknown>);
    const [record] = readdirSync(join(cache, 'trees')).filter((name) => name.endsWith('.owners.json')).map((name) => join(cache, 'trees', name));
    const { ino } = statSync(record);
    const warm = buildFleet(cwd, cache, 'out');
    expect([...readTree(join(cwd, 'out'))]).toEqual([...tree]);
    expect(warm.stderr).toBe(cold.stderr);
    // Nothing changed: the tree's record is not written again.
    expect(statSync(record).ino).toBe(ino);
    expect(warm.stderr).toContain('warning: no CapabilityDefinition found for custom trait "stamp"');
    // ...where a tree that does not reads them all.
    buildFleet(cwd, cache, 'other');
    expect([...readTree(join(cwd, 'other')).values()].join('')).toContain('tampered.example/alpha');
  });

  it('keeps nothing by its record in a tree kurel did not leave as it is: a tree put back to an earlier build is written anew', () => {
    const cwd = join(scratch.dir, 'put-back');
    const fleet = writeFleet('put-back');
    const cache = join(cwd, 'cache');
    buildFleet(cwd, cache, 'out');
    cpSync(join(cwd, 'out'), join(cwd, 'v1'), { recursive: true });
    writeFileSync(join(fleet, 'beta/values/staging.yaml'), 'image: ghcr.io/example/beta:v2.0.0\nreplicas: 3\n');
    buildFleet(cwd, cache, 'out');
    const v2 = readTree(join(cwd, 'out'));
    // The tree as the first build left it (a checkout of an earlier commit, say), then the same build again.
    rmSync(join(cwd, 'out'), { recursive: true });
    cpSync(join(cwd, 'v1'), join(cwd, 'out'), { recursive: true });
    expect([...readTree(join(cwd, 'out')).values()].join('')).not.toContain('beta:v2.0.0\n');
    buildFleet(cwd, cache, 'out');
    expect([...readTree(join(cwd, 'out'))]).toEqual([...v2]);
  });

  it('in a fleet large enough that its trees are listed on a thread of their own, writes the trees a build without the cache writes', () => {
    const cwd = join(scratch.dir, 'large');
    const environments = ['dev', 'staging', 'prod'];
    // 86 packages × 3 environments: more lookups than the tree is listed apart from (256).
    const application = (p: number, image: string) =>
      `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: pkg-${p}, namespace: pkg-${p}}\nspec:\n  components:\n    - name: web\n      type: worker\n      properties: {image: '${image}'}\n`;
    for (let p = 1; p <= 86; p++) {
      const pkg = join(cwd, 'fleet', `pkg-${p}`);
      mkdirSync(join(pkg, 'profiles'), { recursive: true });
      writeFileSync(join(pkg, 'app.yaml'), application(p, 'ghcr.io/example/web:v1'));
      for (const environment of environments) writeFileSync(join(pkg, 'profiles', `${environment}.yaml`), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: ${environment}}\n`);
      writeFileSync(
        join(pkg, 'environments.yaml'),
        `apiVersion: launcher.gokure.dev/v1alpha1\nkind: EnvironmentSet\nmetadata: {name: environments}\nspec:\n  environments:\n${environments.map((environment) => `    - name: ${environment}\n      profile: profiles/${environment}.yaml\n`).join('')}`,
      );
    }
    const cache = join(cwd, 'cache');
    const build = (out: string, extra: string[] = []) => {
      const result = kurel(cwd, cache, ['build', 'fleet', '-o', out, '--layout', 'flux', '--environment', environments.join(','), ...extra]);
      expect(result.status, result.stderr).toBe(0);
    };
    build('out');
    build('out');
    writeFileSync(join(cwd, 'fleet/pkg-7/app.yaml'), application(7, 'ghcr.io/example/web:v2'));
    build('out');
    build('fresh', ['--no-cache']);
    const tree = readTree(join(cwd, 'out'));
    expect(tree.size).toBeGreaterThan(86 * 3 * 2);
    expect([...tree]).toEqual([...readTree(join(cwd, 'fresh'))]);
    expect([...tree.values()].filter((text) => text.includes('web:v2')).length).toBe(3);
  });

  it('with --no-cache builds every package and stores nothing', () => {
    const cwd = join(scratch.dir, 'no-cache');
    writeFleet('no-cache');
    const cache = join(cwd, 'cache');
    buildFleet(cwd, cache, 'out');
    // A stored plan is used as it is: proven by one changed by hand, which --no-cache does not read.
    editEntries(cache, (entry) => JSON.parse(JSON.stringify(entry).replaceAll('ghcr.io/example/alpha', 'tampered.example/alpha')) as Record<string, unknown>);
    const before = entries(cache);
    buildFleet(cwd, cache, 'trusted');
    expect([...readTree(join(cwd, 'trusted')).values()].join('')).toContain('tampered.example/alpha');
    buildFleet(cwd, cache, 'fresh', ['--no-cache']);
    expect([...readTree(join(cwd, 'fresh')).values()].join('')).not.toContain('tampered.example/alpha');
    expect(written(before, entries(cache))).toEqual([]);
  });

  it('ignores a corrupt entry: the package is built and its entry written again', () => {
    const cwd = join(scratch.dir, 'corrupt');
    writeFleet('corrupt');
    const cache = join(cwd, 'cache');
    buildFleet(cwd, cache, 'cold');
    const before = entries(cache);
    const [first, second, third] = [...before.keys()];
    writeFileSync(first, '{"format":"kurel-build-cache/1","kurel":');
    writeFileSync(second, 'not json at all');
    const entry = JSON.parse(readFileSync(third, 'utf8'));
    writeFileSync(third, JSON.stringify({ ...entry, value: { ...entry.value, share: { files: 'tampered' } } }));
    const warm = buildFleet(cwd, cache, 'warm');
    expect(warm.stderr).not.toContain('Error');
    expect([...readTree(join(cwd, 'warm'))]).toEqual([...readTree(join(cwd, 'cold'))]);
    expect(written(before, entries(cache)).sort()).toEqual([first, second, third].sort());
    for (const file of [first, second, third]) expect(JSON.parse(readFileSync(file, 'utf8')).value.owner.package).toMatch(/^\.\.\/fleet\//);
  });

  it("ignores an entry another kurel wrote, even one whose plan was changed", () => {
    const cwd = join(scratch.dir, 'other-version');
    writeFleet('other-version');
    const cache = join(cwd, 'cache');
    buildFleet(cwd, cache, 'cold');
    const own = JSON.parse(readFileSync([...entries(cache).keys()][0], 'utf8')).kurel as string;
    editEntries(cache, (entry) => JSON.parse(JSON.stringify({ ...entry, kurel: `0.0.1+${own}` }).replaceAll('ghcr.io/example/alpha', 'tampered.example/alpha')) as Record<string, unknown>);
    const before = entries(cache);
    buildFleet(cwd, cache, 'warm');
    expect([...readTree(join(cwd, 'warm')).values()].join('')).not.toContain('tampered.example/alpha');
    expect(written(before, entries(cache))).toHaveLength(4);
    for (const file of entries(cache).keys()) expect(JSON.parse(readFileSync(file, 'utf8')).kurel).toBe(own);
  });

  it('stays whole when two builds of the fleet write it at once', async () => {
    const cwd = join(scratch.dir, 'parallel');
    writeFleet('parallel');
    const cache = join(cwd, 'cache');
    const run = (out: string) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [join(repo, 'bin/kurel'), 'build', 'fleet', '-o', out, '--layout', 'flux', '--environment', 'staging'], { cwd, env: { ...process.env, KUREL_CACHE_DIR: cache } });
        let stderr = '';
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('close', (status) => resolve({ status, stderr }));
      });
    const results = await Promise.all([run('one'), run('two')]);
    for (const result of results) expect(result.status, result.stderr).toBe(0);
    const stored = entries(cache);
    expect(stored.size).toBe(4);
    for (const file of stored.keys()) expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('kurel-build-cache/1');
    expect(readdirSync(join(cache, 'builds'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const warm = buildFleet(cwd, cache, 'three');
    expect(written(stored, entries(cache))).toEqual([]);
    expect(warm.stderr).toBe(results[0].stderr.replace('one/', 'three/'));
    expect([...readTree(join(cwd, 'three'))]).toEqual([...readTree(join(cwd, 'one'))]);
  });
});
