import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentWithout, repo, scratchFolder } from './support.js';

// kurel diff PKG --against DIR|REV --layout flux: the tree build -o DIR --layout flux would write,
// compared file by file with the tree in DIR or the tree of the package at a git revision.

const scratch = scratchFolder('kurel-diff-tree-');
/**
 * The temporary folder these runs of kurel are given (TMPDIR): one of their own, so that the
 * scratch folders of other tests' diffs, running beside them, are not taken for theirs.
 */
const temporary = scratchFolder('kurel-diff-tree-tmp-');
const kurel = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd: scratch.dir, encoding: 'utf8', timeout: 60_000, env: { ...env, TMPDIR: temporary.dir } });
const run = (...args: string[]) => kurel(args);
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd: scratch.dir, encoding: 'utf8' });
const staging = ['shop', '--environment', 'staging'];

function setWebImage(tag: string): void {
  const file = join(scratch.dir, 'shop', 'app.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/example\/web:v[\d.]+/, `example/web:${tag}`));
}

/** Every file below `dir` with its content, to show a folder was only read. */
function snapshot(dir: string): Record<string, string> {
  const names = (readdirSync(dir, { recursive: true }) as string[]).sort();
  return Object.fromEntries(names.map((name) => [name, (() => { try { return readFileSync(join(dir, name), 'utf8'); } catch { return '<folder>'; } })()]));
}

/** The scratch folders diff makes, left in the temporary folder: there must be none once it exits. */
const leftovers = () => readdirSync(temporary.dir).filter((name) => name.startsWith('kurel-compare-'));

describe('kurel diff --layout flux', () => {
  it('finds a tree written from the same input clean: exit 0, nothing printed', () => {
    cpSync(join(repo, 'examples/shop'), join(scratch.dir, 'shop'), { recursive: true });
    const built = run('build', ...staging, '-o', 'repo', '--layout', 'flux');
    expect(built.status, built.stderr).toBe(0);
    const before = snapshot(join(scratch.dir, 'repo'));
    const same = run('diff', ...staging, '--against', 'repo', '--layout', 'flux');
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toBe('');
    expect(same.stderr).toBe('');
    expect(snapshot(join(scratch.dir, 'repo'))).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses to compare objects with a Flux tree, naming --layout flux: exit 2', () => {
    const result = run('diff', ...staging, '--against', 'repo');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Error: --against repo: it holds a Flux tree kurel wrote (repo/clusters/staging/.kurel-output.json); compare trees with --layout flux, and the --placement and --source-ref it was written with\n`,
    );
  });

  it('shows a changed input as the changed object, by file, and leaves the tree as it was', () => {
    const before = snapshot(join(scratch.dir, 'repo'));
    setWebImage('v1.1.0');
    try {
      const changed = run('diff', ...staging, '--against', 'repo', '--layout', 'flux');
      expect(changed.status, changed.stderr).toBe(1);
      const file = 'clusters/staging/shop/shop-apps/shop-deployment-web.yaml';
      expect(changed.stdout).toMatch(new RegExp(`^--- a/${file}\\tDeployment/shop/web\\n\\+\\+\\+ b/${file}\\tDeployment/shop/web\\n@@ `));
      expect(changed.stdout).toContain('\n-      - image: ghcr.io/example/web:v1.0.0\n+      - image: ghcr.io/example/web:v1.1.0\n');
      expect(changed.stdout.match(/^--- /gm)).toHaveLength(1);
      expect(snapshot(join(scratch.dir, 'repo'))).toEqual(before);
      expect(leftovers()).toEqual([]);
    } finally {
      setWebImage('v1.0.0');
    }
  });

  it('colours a changed tree only where chalk sees a terminal, and never under NO_COLOR', () => {
    const ESCAPE = '\u001b[';
    const plain = environmentWithout(['FORCE_COLOR', 'NO_COLOR']);
    const diff = (env: NodeJS.ProcessEnv) =>
      kurel(['diff', ...staging, '--against', 'repo', '--layout', 'flux'], env);
    setWebImage('v1.1.0');
    try {
      const piped = diff(plain);
      expect(piped.status, piped.stderr).toBe(1);
      expect(piped.stdout).not.toContain(ESCAPE);
      // FORCE_COLOR stands for a terminal, as chalk reads it; test/e2e/diff.test.ts runs a real one.
      const forced = diff({ ...plain, FORCE_COLOR: '1' });
      expect(forced.stdout).toContain(`${ESCAPE}31m-      - image: ghcr.io/example/web:v1.0.0${ESCAPE}39m\n${ESCAPE}32m+      - image: ghcr.io/example/web:v1.1.0${ESCAPE}39m\n`);
      const refused = diff({ ...plain, FORCE_COLOR: '1', NO_COLOR: '1' });
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe(piped.stdout);
    } finally {
      setWebImage('v1.0.0');
    }
  });

  it('shows files added and removed, and a changed kustomization.yaml as text, in path order', () => {
    const result = run('diff', ...staging, '--against', 'repo', '--layout', 'flux', '--placement', 'per-layout');
    expect(result.status, result.stderr).toBe(1);
    const headers = result.stdout.match(/^(---|\+\+\+) .*$/gm)!;
    expect(headers).toContain('--- a/clusters/staging/flux-system/flux-system-kustomization-shop-apps.yaml');
    expect(headers).toContain('+++ b/clusters/staging/shop/flux-system-kustomization-shop-apps.yaml');
    expect(result.stdout).toContain('--- a/clusters/staging/kustomization.yaml\n+++ b/clusters/staging/kustomization.yaml\n@@ -1,4 +1,4 @@\n');
    expect(result.stdout).toContain('\n-  - flux-system\n+  - flux-system-kustomization-shop.yaml\n');
    const paths = headers.map((line) => line.slice(4)).filter((path) => path !== '/dev/null').map((path) => path.slice(2));
    expect(paths).toEqual([...paths].sort());
  });

  it('prints one JSON document with --format json', () => {
    setWebImage('v1.1.0');
    try {
      const result = run('diff', ...staging, '--against', 'repo', '--layout', 'flux', '--format', 'json');
      expect(result.status, result.stderr).toBe(1);
      const document = JSON.parse(result.stdout);
      expect(document.same).toBe(false);
      expect(document.files).toHaveLength(1);
      const [file] = document.files;
      expect(file).toMatchObject({ path: 'clusters/staging/shop/shop-apps/shop-deployment-web.yaml', status: 'changed' });
      expect(file.objects.map((object: { object: string; status: string }) => `${object.status} ${object.object}`)).toEqual(['changed Deployment/shop/web']);
      expect(file.objects[0].patch).toContain('+      - image: ghcr.io/example/web:v1.1.0\n');
    } finally {
      setWebImage('v1.0.0');
    }
    const placement = JSON.parse(run('diff', ...staging, '--against', 'repo', '--layout', 'flux', '--placement', 'per-layout', '--format', 'json').stdout);
    const statuses = Object.fromEntries(placement.files.map((file: { path: string; status: string }) => [file.path, file.status]));
    expect(statuses['clusters/staging/flux-system/kustomization.yaml']).toBe('removed');
    expect(statuses['clusters/staging/shop/flux-system-kustomization-shop-infra.yaml']).toBe('added');
    expect(placement.files.find((file: { path: string }) => file.path === 'clusters/staging/kustomization.yaml').patch).toContain('+  - flux-system-kustomization-shop.yaml\n');
    const same = run('diff', ...staging, '--against', 'repo', '--layout', 'flux', '--format', 'json');
    expect(same.status).toBe(0);
    expect(JSON.parse(same.stdout)).toEqual({ same: true, files: [] });
  });

  it('compares with the tree of the package at a git revision', () => {
    git('init', '-q', '.');
    git('add', 'shop');
    git('commit', '-q', '-m', 'web v1.0.0');
    setWebImage('v1.1.0');
    git('commit', '-q', '-am', 'web v1.1.0');
    const same = run('diff', ...staging, '--against', 'HEAD', '--layout', 'flux');
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toBe('');
    const changed = run('diff', ...staging, '--against', 'HEAD~1', '--layout', 'flux');
    expect(changed.status, changed.stderr).toBe(1);
    expect(changed.stdout).toMatch(/^--- a\/clusters\/staging\/shop\/shop-apps\/shop-deployment-web\.yaml\tDeployment\/shop\/web\n/);
    expect(changed.stdout).toContain('\n-      - image: ghcr.io/example/web:v1.0.0\n+      - image: ghcr.io/example/web:v1.1.0\n');
    expect(git('status', '--porcelain', 'shop')).toBe('');
    expect(leftovers()).toEqual([]);
  });

  it('refuses, with exit 2, a folder whose tree is elsewhere, a tree edited by hand, an unknown revision and a misspelt input', () => {
    const itself = run('diff', ...staging, '--against', 'repo/clusters/staging', '--layout', 'flux');
    expect(itself.status).toBe(2);
    expect(itself.stderr).toBe('Error: --against repo/clusters/staging: its Flux tree is the folder itself, not in repo/clusters/staging/clusters/staging; name the folder build -o wrote, or give --cluster-dir . as it was written with\n');
    const kustomization = join(scratch.dir, 'repo', 'clusters', 'staging', 'kustomization.yaml');
    const text = readFileSync(kustomization, 'utf8');
    writeFileSync(kustomization, `${text}# edited\n`);
    try {
      const edited = run('diff', ...staging, '--against', 'repo', '--layout', 'flux');
      expect(edited.status).toBe(2);
      expect(edited.stderr).toBe(
        'Error: --against repo: build -o repo --layout flux would refuse: refusing to write output folder "repo/clusters/staging": files kurel wrote were changed since (kustomization.yaml); choose a missing or empty folder, or remove it yourself\n',
      );
    } finally {
      writeFileSync(kustomization, text);
    }
    const revision = run('diff', ...staging, '--against', 'no-such-revision', '--layout', 'flux');
    expect(revision.status).toBe(2);
    expect(revision.stderr).toBe('Error: --against no-such-revision: neither a folder nor a git revision of the repository holding "shop"\n');
    const typo = run('diff', 'shop', '--environment', 'stagin', '--against', 'repo', '--layout', 'flux');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toBe(`Error: ${join('shop', 'environments.yaml')}: environment "stagin" is not declared in "${join('shop', 'environments.yaml')}" (declared: prod, staging)\n`);
    // A misspelt type in the input: the build fails, which is an error, not a difference.
    cpSync(join(scratch.dir, 'shop'), join(scratch.dir, 'misspelt'), { recursive: true });
    const app = join(scratch.dir, 'misspelt', 'app.yaml');
    writeFileSync(app, readFileSync(app, 'utf8').replace('type: webservice', 'type: webservise'));
    const misspelt = run('diff', 'misspelt', '--environment', 'staging', '--against', 'repo', '--layout', 'flux');
    expect(misspelt.status).toBe(2);
    expect(misspelt.stdout).toBe('');
    expect(misspelt.stderr).toMatch(/^Error: misspelt\/app\.yaml:\d+:\d+ spec\.components\[1\]\.type: invalid value "webservise" for "type" in "api"; did you mean "webservice"\?\n$/);
    const badTop = run('diff', ...staging, '--against', 'repo', '--layout', 'flux', '--cluster-dir', '../up');
    expect(badTop.status).toBe(2);
    expect(leftovers()).toEqual([]);
  });
});
