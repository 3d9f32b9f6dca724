import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shardOf } from '../../src/host/inputs/fleet-shard.js';
import { readTree } from '../golden-flux/golden-tree.js';
import { kurelIn, repo, scratchFolder } from './support.js';

// `kurel build PKG... --shard K/N`: each CI job of a matrix builds and writes its share of the
// fleet; the N shards written into one folder, one after another, are the tree of one unsharded run.

const scratch = scratchFolder('kurel-fleet-shard-');
const NAMES = ['svc-a', 'svc-b', 'svc-c', 'svc-d', 'svc-e', 'svc-f', 'svc-g', 'svc-h'];
const MANIFEST = '.kurel-output.json';

/** A folder of packages under `apps/`, each of one web service; the tree goes to `out` beside it. */
function fleet(name: string, names = NAMES): string {
  const dir = join(scratch.dir, name);
  for (const pkg of names) {
    mkdirSync(join(dir, 'apps', pkg), { recursive: true });
    writeFileSync(
      join(dir, 'apps', pkg, 'app.yaml'),
      `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: ${pkg}
  namespace: ${pkg}
spec:
  components:
    - name: web
      type: webservice
      properties: {image: "ghcr.io/example/${pkg}:v1.0.0", port: 8080}
`,
    );
  }
  return dir;
}

/** The shard of a package of `fleet`: its owner path is relative to `out`. */
const shardOfPackage = (pkg: string, count: number) => shardOf(`../apps/${pkg}`, count);

function build(dir: string, args: string[], out = 'out') {
  return kurelIn(dir, ['build', 'apps', '-o', out, ...args]);
}

const owners = (tree: Map<string, string>, top: string) => (JSON.parse(tree.get(`${top}/${MANIFEST}`)!) as { owners: Array<{ package: string }> }).owners.map((owner) => owner.package);

describe('kurel build PKG... -o DIR --layout --shard K/N', () => {
  for (const [layout, environment] of [['flux', 'staging'], ['argocd', undefined]] as const) {
    it(`writes in N shard runs into one folder the tree of one unsharded run, byte for byte, in any order of the shards (--layout ${layout})`, () => {
      const dir = fleet(`union-${layout}`);
      if (layout === 'argocd') writeFileSync(join(dir, '.kurelrc.yaml'), 'argocd:\n  repoURL: https://git.example.com/fleet.git\n');
      else {
        for (const pkg of NAMES) {
          writeFileSync(join(dir, 'apps', pkg, 'environments.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: EnvironmentSet\nmetadata: {name: environments}\nspec:\n  environments:\n    - {name: staging, profile: staging.yaml}\n');
          cpSync(join(repo, 'test/fixtures/fleet/alpha/profiles/staging.yaml'), join(dir, 'apps', pkg, 'staging.yaml'));
        }
      }
      const flags = ['--layout', layout, ...(environment ? ['--environment', environment] : [])];
      const top = environment ? `clusters/${environment}` : 'cluster';
      // Every shard holds some of the fleet, so that each run writes a share of its own.
      const count = 3;
      const shares = [1, 2, 3].map((shard) => NAMES.filter((pkg) => shardOfPackage(pkg, count) === shard));
      for (const share of shares) expect(share.length).toBeGreaterThan(0);

      const whole = build(dir, flags, 'whole');
      expect(whole.status, whole.stderr).toBe(0);
      const expected = readTree(join(dir, 'whole'));

      for (const order of [[1, 2, 3], [3, 1, 2]]) {
        const out = `sharded-${order.join('')}`;
        for (const shard of order) {
          const result = build(dir, [...flags, '--shard', `${shard}/${count}`, '--jobs', '2'], out);
          expect(result.status, result.stderr).toBe(0);
          expect(result.stderr.split('\n')[0]).toBe(`shard ${shard}/${count}: ${shares[shard - 1].length} of ${NAMES.length} packages`);
        }
        expect([...readTree(join(dir, out))]).toEqual([...expected]);
      }

      // Each shard alone writes its own packages' subtrees, and no other's.
      for (const [at, share] of shares.entries()) {
        const out = `alone-${at + 1}`;
        expect(build(dir, [...flags, '--shard', `${at + 1}/${count}`], out).status).toBe(0);
        const tree = readTree(join(dir, out));
        expect(owners(tree, top)).toEqual(share.map((pkg) => `../apps/${pkg}`));
        const written = new Set([...tree.keys()].map((path) => path.slice(top.length + 1).split('/')[0]));
        for (const pkg of NAMES) expect(written.has(pkg), pkg).toBe(share.includes(pkg));
      }
    });
  }

  it('keeps the other shards\' packages when a shard is built again, and kurel prune takes out only the package it names', () => {
    const dir = fleet('rebuild');
    for (const shard of [1, 2]) expect(build(dir, ['--layout', 'flux', '--shard', `${shard}/2`]).status).toBe(0);
    const union = readTree(join(dir, 'out'));
    const first = NAMES.filter((pkg) => shardOfPackage(pkg, 2) === 1);
    const second = NAMES.filter((pkg) => shardOfPackage(pkg, 2) === 2);
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);

    // A shard's package changed and built again: the other shard's packages stay.
    const app = join(dir, 'apps', first[0], 'app.yaml');
    writeFileSync(app, readFileSync(app, 'utf8').replace('v1.0.0', 'v1.1.0'));
    const rebuilt = build(dir, ['--layout', 'flux', '--shard', '1/2']);
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    const tree = readTree(join(dir, 'out'));
    expect(owners(tree, 'cluster')).toEqual(NAMES.map((pkg) => `../apps/${pkg}`));
    const changed = [...tree].filter(([path, text]) => union.get(path) !== text).map(([path]) => path);
    expect(changed.filter((path) => path !== `cluster/${MANIFEST}`).every((path) => path.startsWith(`cluster/${first[0]}/`))).toBe(true);
    expect(changed.length).toBeGreaterThan(1);

    // prune names a package, never a shard: the rest of the fleet, both shards, stays.
    const pruned = kurelIn(dir, ['prune', `apps/${second[0]}`, '-o', 'out', '--layout', 'flux']);
    expect(pruned.status, pruned.stderr).toBe(0);
    expect(owners(readTree(join(dir, 'out')), 'cluster')).toEqual(NAMES.filter((pkg) => pkg !== second[0]).map((pkg) => `../apps/${pkg}`));
  });

  it('with one package: the shard it falls in writes it; another writes nothing and says so', () => {
    const dir = fleet('one', ['svc-a']);
    const own = shardOfPackage('svc-a', 2);
    const other = 3 - own;
    const empty = kurelIn(dir, ['build', 'apps/svc-a', '-o', 'out', '--layout', 'flux', '--shard', `${other}/2`]);
    expect(empty.status, empty.stderr).toBe(0);
    expect(empty.stderr).toBe(`shard ${other}/2: 0 of 1 package, nothing to write\n`);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    const written = kurelIn(dir, ['build', 'apps/svc-a', '-o', 'out', '--layout', 'flux', '--shard', `${own}/2`]);
    expect(written.status, written.stderr).toBe(0);
    expect(written.stderr).toBe(`shard ${own}/2: 1 of 1 package\nwrote 7 files to out/cluster\n`);
    expect(owners(readTree(join(dir, 'out')), 'cluster')).toEqual(['../apps/svc-a']);
  });

  const refused: Array<[string, string]> = [
    ['0/3', 'Error: --shard 0/3: K is a shard from 1 to 3; '],
    ['4/3', 'Error: --shard 4/3: K is a shard from 1 to 3; '],
    ['1/0', 'Error: --shard 1/0: N, the number of shards, is at least 1; '],
    ['two/3', 'Error: --shard "two/3": give this run\'s share as K/N'],
    ['3', 'Error: --shard "3": give this run\'s share as K/N'],
  ];
  for (const [shard, message] of refused) {
    it(`refuses --shard ${shard}, writing nothing`, () => {
      const dir = fleet(`bad-${shard.replace('/', '-')}`, ['svc-a', 'svc-b']);
      const result = build(dir, ['--layout', 'flux', '--shard', shard]);
      expect(result.status).toBe(1);
      expect(result.stderr.startsWith(message), result.stderr).toBe(true);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    });
  }

  it('refuses --shard without --layout: one YAML stream is no share of a tree', () => {
    const dir = fleet('no-layout', ['svc-a']);
    const result = kurelIn(dir, ['build', 'apps/svc-a', '--shard', '1/2']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('Error: --shard 1/2 takes a share of the packages written into one tree: use it with -o DIR --layout flux (or argocd)\n');
  });

  it('refuses --shard with an application on standard input: it has no path to pick it by', () => {
    const dir = fleet('stdin', ['svc-a']);
    const result = kurelIn(dir, ['build', '-', '-o', 'out', '--layout', 'flux', '--shard', '1/2']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: --shard picks packages by their paths, and an application on standard input has none: name the package folders\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
