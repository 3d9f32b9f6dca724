import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTree } from '../golden-flux/golden-tree.js';
import { kurelIn, repo, scratchFolder } from './support.js';

// `kurel build PKG... -o DIR --layout flux --environment staging,prod`: every package built for
// each environment in one run, each environment's tree the one a run of its own writes; nothing
// written unless every package builds for every environment.

const scratch = scratchFolder('kurel-fleet-environments-');
const PACKAGES = ['alpha', 'beta', 'gamma'];

/** A copy of the fleet fixture (three packages declaring staging and prod) in a folder of its own. */
function fleet(name: string): string {
  const dir = join(scratch.dir, name);
  for (const pkg of PACKAGES) cpSync(join(repo, 'test/fixtures/fleet', pkg), join(dir, pkg), { recursive: true });
  return dir;
}

/** Names in `folder` kurel gives its staging and set-aside folders: none may be left behind. */
function scratchNames(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.includes('.kurel-')) : [];
}

describe('kurel build PKG... --layout flux --environment A,B', () => {
  it('writes each environment\'s tree as a run of its own writes it, byte for byte, and says so for each', () => {
    const dir = fleet('same');
    for (const environment of ['staging', 'prod']) {
      const alone = kurelIn(dir, ['build', ...PACKAGES, '-o', 'alone', '--layout', 'flux', '--environment', environment]);
      expect(alone.status, alone.stderr).toBe(0);
    }
    const runs = [
      ['--environment', 'staging,prod'],
      ['--environment', 'staging', '--environment', 'prod', '--jobs', '2'],
      ['--environment', 'staging,prod,staging', '--jobs', '3', '--no-cache'],
    ].map((flags, at) => ({ out: `together-${at}`, result: kurelIn(dir, ['build', ...PACKAGES, '-o', `together-${at}`, '--layout', 'flux', ...flags]) }));
    const alone = readTree(join(dir, 'alone'));
    expect([...alone.keys()].some((path) => path.startsWith('clusters/staging/'))).toBe(true);
    expect([...alone.keys()].some((path) => path.startsWith('clusters/prod/'))).toBe(true);
    for (const { out, result } of runs) {
      expect(result.status, result.stderr).toBe(0);
      expect([...readTree(join(dir, out))], out).toEqual([...alone]);
      expect(result.stderr).toMatch(new RegExp(`^wrote \\d+ files to ${out}/clusters/staging\\nwrote \\d+ files to ${out}/clusters/prod\\n$`));
    }
  });

  it('writes each environment\'s Argo CD tree as a run of its own writes it', () => {
    const dir = fleet('argocd');
    writeFileSync(join(dir, '.kurelrc.yaml'), 'argocd:\n  repoURL: https://git.example.com/fleet.git\n');
    for (const environment of ['staging', 'prod']) expect(kurelIn(dir, ['build', ...PACKAGES, '-o', 'alone', '--layout', 'argocd', '--environment', environment]).status).toBe(0);
    const together = kurelIn(dir, ['build', ...PACKAGES, '-o', 'together', '--layout', 'argocd', '--environment', 'staging,prod', '--jobs', '2']);
    expect(together.status, together.stderr).toBe(0);
    const alone = readTree(join(dir, 'alone'));
    expect([...alone.keys()].some((path) => path.startsWith('clusters/prod/'))).toBe(true);
    expect([...readTree(join(dir, 'together'))]).toEqual([...alone]);
  });

  it('writes nothing, and leaves no staged file, when a package fails for one environment', () => {
    const dir = fleet('failing');
    // Built once for both: the run below must leave this tree as it is.
    expect(kurelIn(dir, ['build', ...PACKAGES, '-o', 'out', '--layout', 'flux', '--environment', 'staging,prod']).status).toBe(0);
    const before = readTree(join(dir, 'out'));
    const profile = join(dir, 'gamma/profiles/prod.yaml');
    writeFileSync(profile, `${readFileSync(profile, 'utf8')}\n  bogus: [\n`);
    for (const jobs of ['1', '2']) {
      const result = kurelIn(dir, ['build', ...PACKAGES, '-o', 'out', '--layout', 'flux', '--environment', 'staging,prod', '--jobs', jobs, '--no-cache']);
      expect(result.status, `--jobs ${jobs}`).toBe(1);
      expect(result.stderr).toMatch(/^Error: \S*gamma\/profiles\/prod\.yaml:\d+:\d+: YAML syntax error/);
      expect([...readTree(join(dir, 'out'))], `--jobs ${jobs}`).toEqual([...before]);
      expect(scratchNames(join(dir, 'out/clusters')), `--jobs ${jobs}`).toEqual([]);
    }
  });

  it('writes nothing for an environment one package does not declare, and names it', () => {
    const dir = fleet('undeclared');
    const result = kurelIn(dir, ['build', ...PACKAGES, '-o', 'out', '--layout', 'flux', '--environment', 'staging,qa']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('qa');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('refuses several environments without --layout: one YAML stream holds one environment\'s build', () => {
    const dir = fleet('stream');
    const result = kurelIn(dir, ['build', 'alpha', '--environment', 'staging,prod']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "Error: --environment staging,prod: one YAML stream holds one environment's build; build them one at a time, or write each into its own tree with -o DIR --layout flux (or argocd)\n",
    );
  });

  it('refuses several environments into one --cluster-dir, writing nothing', () => {
    const dir = fleet('cluster-dir');
    const result = kurelIn(dir, ['build', ...PACKAGES, '-o', 'out', '--layout', 'flux', '--cluster-dir', 'fleet', '--environment', 'staging,prod']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Error: --cluster-dir fleet names one top folder, and 2 environments are built \(staging, prod\)/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('kurel prune --environment A,B takes a package out of each tree, as two prunes do', () => {
    const dir = fleet('prune');
    expect(kurelIn(dir, ['build', ...PACKAGES, '-o', 'out', '--layout', 'flux', '--environment', 'staging,prod']).status).toBe(0);
    expect(kurelIn(dir, ['build', 'alpha', 'gamma', '-o', 'without-beta', '--layout', 'flux', '--environment', 'staging,prod']).status).toBe(0);
    const result = kurelIn(dir, ['prune', 'beta', '-o', 'out', '--layout', 'flux', '--environment', 'staging,prod']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^removed [^\n]*beta[^\n]*staging[\s\S]*wrote \d+ files to out\/clusters\/staging\nremoved [^\n]*beta[^\n]*prod[\s\S]*wrote \d+ files to out\/clusters\/prod\n$/);
    expect([...readTree(join(dir, 'out'))]).toEqual([...readTree(join(dir, 'without-beta'))]);
  });

  it('kurel prune --environment A,B refuses a package one tree does not hold, and writes neither', () => {
    const dir = fleet('prune-refused');
    expect(kurelIn(dir, ['build', ...PACKAGES, '-o', 'out', '--layout', 'flux', '--environment', 'staging,prod']).status).toBe(0);
    expect(kurelIn(dir, ['prune', 'beta', '-o', 'out', '--layout', 'flux', '--environment', 'prod']).status).toBe(0);
    const before = readTree(join(dir, 'out'));
    const result = kurelIn(dir, ['prune', 'beta', '-o', 'out', '--layout', 'flux', '--environment', 'staging,prod']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the tree holds no files of it');
    expect([...readTree(join(dir, 'out'))]).toEqual([...before]);
    const named = kurelIn(dir, ['prune', 'alpha', '-o', 'out', '--layout', 'flux', '--environment', 'staging,prod', '--cluster-dir', 'fleet']);
    expect(named.status).toBe(1);
    expect(named.stderr).toMatch(/^Error: --cluster-dir fleet names one top folder, and 2 environments are named \(staging, prod\)/);
    expect([...readTree(join(dir, 'out'))]).toEqual([...before]);
  });

  it('kurel diff --environment A,B --layout flux compares every environment\'s tree: nothing for the same input, the one file a change touches', () => {
    const dir = fleet('diff');
    expect(kurelIn(dir, ['build', ...PACKAGES, '-o', 'out', '--layout', 'flux', '--environment', 'staging,prod']).status).toBe(0);
    const same = kurelIn(dir, ['diff', ...PACKAGES, '--environment', 'staging,prod', '--against', 'out', '--layout', 'flux']);
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toBe('');
    const values = join(dir, 'beta/values/prod.yaml');
    writeFileSync(values, readFileSync(values, 'utf8').replace('v1.9.3', 'v1.9.4'));
    const changed = kurelIn(dir, ['diff', ...PACKAGES, '--environment', 'staging,prod', '--against', 'out', '--layout', 'flux']);
    expect(changed.status, changed.stderr).toBe(1);
    const files = changed.stdout.split('\n').filter((line) => line.startsWith('--- a/')).map((line) => line.split('\t')[0]);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^--- a\/clusters\/prod\/beta\//);
    expect(changed.stdout).toContain('+      - image: ghcr.io/example/beta:v1.9.4');
  });

  it('kurel diff refuses several environments without --layout: exit 2', () => {
    const dir = fleet('diff-objects');
    const result = kurelIn(dir, ['diff', 'alpha', '--environment', 'staging,prod', '--against', 'out']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'Error: --environment staging,prod: objects are compared for one environment at a time; compare each, or compare the trees of all of them with --layout flux (or argocd)\n',
    );
  });
});
