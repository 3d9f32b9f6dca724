import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readTree } from '../golden-flux/golden-tree.js';
import { checkTreeWithKustomize } from '../golden-flux/kustomize-check.js';
import { k8sToolsUnavailable } from '../support/k8s-tools.js';
import { kurelIn, repo, scratchFolder } from './support.js';

// Several packages in one Flux tree, through the CLI: each (package, environment) writes its own
// share and keeps every other's; a fleet built in one call is the tree per-package runs give.

const scratch = scratchFolder('kurel-fleet-tree-');
const FLEET = join(repo, 'test/fixtures/fleet');
const PACKAGES = ['alpha', 'beta', 'gamma'];
const MANIFEST = '.kurel-output.json';

const kubectlUnavailable = k8sToolsUnavailable();
if (kubectlUnavailable) console.log(kubectlUnavailable);

/** A copy of the fixture fleet (or of some of its packages) to change in a test. */
function copyFleet(name: string, packages = PACKAGES): string {
  const dir = join(scratch.dir, name);
  for (const pkg of packages) cpSync(join(FLEET, pkg), join(dir, pkg), { recursive: true });
  return dir;
}

function kurel(cwd: string, args: string[]) {
  return kurelIn(cwd, args);
}

/** The Flux Kustomizations a top folder holds, wherever the placement put them, as the kustomize check takes them. */
function fluxKustomizations(out: string, top: string): Array<{ name: string; path: string; file: string }> {
  return [...readTree(join(out, top))]
    .filter(([path]) => /(^|\/)flux-system-kustomization-[^/]+\.yaml$/.test(path))
    .map(([path, text]) => {
      const object = parse(text) as { metadata: { name: string }; spec: { path: string } };
      return { name: object.metadata.name, path: object.spec.path, file: `${top}/${path}` };
    });
}

describe('kurel build PKG... -o DIR --layout flux: a fleet in one tree', () => {
  it('writes the tree per-package runs give, byte for byte, manifest included', () => {
    const one = join(scratch.dir, 'per-package');
    for (const pkg of PACKAGES) {
      const result = kurel(repo, ['build', join(FLEET, pkg), '-o', one, '--layout', 'flux', '--environment', 'staging']);
      expect(result.status, result.stderr).toBe(0);
    }
    // The folder of packages stands for each of them; the order of the targets does not matter.
    // Both trees are written at the same depth, so the packages' paths relative to each are the same.
    const fleet = join(scratch.dir, 'one-call');
    const result = kurel(repo, ['build', FLEET, '-o', fleet, '--layout', 'flux', '--environment', 'staging']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe(`wrote 25 files to ${join(fleet, 'clusters/staging')}\n`);
    const reversed = join(scratch.dir, 'reversed');
    expect(kurel(repo, ['build', ...PACKAGES.map((pkg) => join(FLEET, pkg)).reverse(), '-o', reversed, '--layout', 'flux', '--environment', 'staging']).status).toBe(0);

    const expected = readTree(one);
    expect(expected.size).toBe(26);
    expect([...readTree(fleet)]).toEqual([...expected]);
    expect([...readTree(reversed)]).toEqual([...expected]);
    expect(expected.get('clusters/staging/flux-system/kustomization.yaml')).toBe(
      `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - flux-system-kustomization-alpha-apps.yaml
  - flux-system-kustomization-alpha-services.yaml
  - flux-system-kustomization-alpha.yaml
  - flux-system-kustomization-beta.yaml
  - flux-system-kustomization-gamma.yaml
`,
    );
    const manifest = JSON.parse(expected.get(`clusters/staging/${MANIFEST}`)!);
    expect(manifest.owners.map((owner: { package: string; environment: string }) => `${owner.package} (${owner.environment})`)).toEqual(
      PACKAGES.map((pkg) => `${relative(one, join(FLEET, pkg))} (staging)`),
    );
  });

  for (const placement of ['separate', 'per-layout']) {
    it.skipIf(kubectlUnavailable !== undefined)(`is applied by the real kubectl kustomize (--placement ${placement}): every object exactly once across the tree`, () => {
      const out = join(scratch.dir, `kustomize-${placement}`);
      const built = kurel(repo, ['build', FLEET, '-o', out, '--layout', 'flux', '--environment', 'prod', '--placement', placement]);
      expect(built.status, built.stderr).toBe(0);
      const top = 'clusters/prod';
      const kustomizations = fluxKustomizations(out, top);
      expect(kustomizations.map((entry) => entry.name).sort()).toEqual(['alpha', 'alpha-apps', 'alpha-services', 'beta', 'gamma']);
      const streams = PACKAGES.map((pkg) => {
        const result = kurel(repo, ['build', join(FLEET, pkg), '--environment', 'prod']);
        expect(result.status, result.stderr).toBe(0);
        return result.stdout;
      });
      const union = checkTreeWithKustomize(out, { top, kustomizations }, streams.join('---\n'));
      expect(union.some((object) => object.kind === 'Deployment' && object.metadata.name === 'worker')).toBe(true);
    });
  }

  it('names an application on standard input by its name', () => {
    const out = join(scratch.dir, 'stdin');
    const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', '-', '-o', out, '--layout', 'flux'], {
      cwd: repo,
      input: readFileSync(join(FLEET, 'gamma/app.yaml')),
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'cluster', MANIFEST), 'utf8'));
    expect(manifest.owners.map((owner: { package: string }) => owner.package)).toEqual(['-:gamma']);
  });

  it('diffs clean against the tree it wrote, and shows one package changed among three', () => {
    const fleet = copyFleet('diffed');
    expect(kurel(fleet, ['build', '.', '-o', 'repo', '--layout', 'flux', '--environment', 'staging']).status).toBe(0);
    const same = kurel(fleet, ['diff', '.', '--against', 'repo', '--layout', 'flux', '--environment', 'staging']);
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toBe('');
    writeFileSync(join(fleet, 'gamma/app.yaml'), readFileSync(join(fleet, 'gamma/app.yaml'), 'utf8').replace('v3.1.0', 'v3.2.0'));
    // One package rebuilt against the whole tree: the others' shares are kept, so only its file differs.
    const changed = kurel(fleet, ['diff', 'gamma', '--against', 'repo', '--layout', 'flux', '--environment', 'staging', '--format', 'json']);
    expect(changed.status, changed.stderr).toBe(1);
    expect(JSON.parse(changed.stdout).files.map((file: { path: string; status: string }) => `${file.status} ${file.path}`)).toEqual(['changed clusters/staging/gamma/gamma-deployment-site.yaml']);
  });

  it('keeps a package written before when another joins the tree', () => {
    const out = join(scratch.dir, 'mono');
    expect(kurel(repo, ['build', 'examples/shop', '--environment', 'staging', '-o', out, '--layout', 'flux']).status).toBe(0);
    const shop = readTree(join(out, 'clusters/staging'));
    const second = kurel(repo, ['build', join(FLEET, 'gamma'), '--environment', 'staging', '-o', out, '--layout', 'flux']);
    expect(second.status, second.stderr).toBe(0);
    const both = readTree(join(out, 'clusters/staging'));
    for (const [path, content] of shop) {
      if (path.endsWith('kustomization.yaml') && path.startsWith('flux-system') || path === 'kustomization.yaml' || path === MANIFEST) continue;
      expect(both.get(path), path).toBe(content);
    }
    expect(both.get('flux-system/kustomization.yaml')).toContain('  - flux-system-kustomization-gamma.yaml\n');
    expect(both.get('flux-system/kustomization.yaml')).toContain('  - flux-system-kustomization-shop.yaml\n');
    expect(both.has('gamma/gamma-deployment-site.yaml')).toBe(true);
    // Rebuilding one package again changes nothing of the other's.
    expect(kurel(repo, ['build', 'examples/shop', '--environment', 'staging', '-o', out, '--layout', 'flux']).status).toBe(0);
    expect([...readTree(join(out, 'clusters/staging'))]).toEqual([...both]);
  });

  it('puts each environment in a top folder of its own, and --cluster-dir still decides', () => {
    const out = join(scratch.dir, 'environments');
    for (const environment of ['staging', 'prod']) expect(kurel(repo, ['build', join(FLEET, 'beta'), '--environment', environment, '-o', out, '--layout', 'flux']).status).toBe(0);
    expect(readFileSync(join(out, 'clusters/staging/beta/beta-deployment-worker.yaml'), 'utf8')).toContain('v2.0.0-rc1');
    expect(readFileSync(join(out, 'clusters/prod/beta/beta-deployment-worker.yaml'), 'utf8')).toContain('v1.9.3');
    expect(readFileSync(join(out, 'clusters/prod/flux-system/flux-system-kustomization-beta.yaml'), 'utf8')).toContain('path: clusters/prod/beta\n');
    expect(kurel(repo, ['build', join(FLEET, 'beta'), '--environment', 'prod', '-o', out, '--layout', 'flux', '--cluster-dir', 'eu-1']).status).toBe(0);
    expect(existsSync(join(out, 'eu-1/beta/kustomization.yaml'))).toBe(true);
  });

  it('removes what an owner no longer writes, and says so', () => {
    const fleet = copyFleet('shrinking', ['alpha']);
    const out = join(scratch.dir, 'shrinking-out');
    expect(kurel(fleet, ['build', 'alpha', '-o', out, '--layout', 'flux', '--environment', 'staging']).status).toBe(0);
    // Without its tiers the application is flat: its group folders and their Kustomizations go.
    const app = readFileSync(join(fleet, 'alpha/app.yaml'), 'utf8');
    writeFileSync(join(fleet, 'alpha/app.yaml'), app.slice(0, app.indexOf('  policies:')));
    const result = kurel(fleet, ['build', 'alpha/app.yaml', '-o', out, '--layout', 'flux', '--environment', 'staging']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe(
      `removed 11 files of ../shrinking/alpha (staging): alpha/alpha-apps/alpha-deployment-web.yaml, alpha/alpha-apps/alpha-ingress-web-ingress.yaml, alpha/alpha-apps/alpha-service-web.yaml, alpha/alpha-apps/alpha-serviceaccount-web.yaml, alpha/alpha-apps/kustomization.yaml, alpha/alpha-services/alpha-deployment-api.yaml, alpha/alpha-services/alpha-service-api.yaml, alpha/alpha-services/alpha-serviceaccount-api.yaml, alpha/alpha-services/kustomization.yaml, flux-system/flux-system-kustomization-alpha-apps.yaml, flux-system/flux-system-kustomization-alpha-services.yaml\n` +
        `wrote 11 files to ${join(out, 'clusters/staging')}\n`,
    );
    expect(existsSync(join(out, 'clusters/staging/alpha/alpha-apps'))).toBe(false);
    expect(readFileSync(join(out, 'clusters/staging/alpha/kustomization.yaml'), 'utf8')).toContain('alpha-deployment-web.yaml');
  });
});

describe.skipIf(kubectlUnavailable !== undefined)('examples/fleet: two environments in one Flux tree, applied by the real kubectl kustomize', () => {
  const EXAMPLE = join(repo, 'examples/fleet');
  const EXAMPLE_PACKAGES = ['catalog', 'checkout', 'payments'];
  const ENVIRONMENTS = ['staging', 'prod'];

  it('applies, in each environment, every object of every package exactly once, as its own build prints it', () => {
    const out = join(scratch.dir, 'example-fleet');
    for (const environment of ENVIRONMENTS) {
      const built = kurel(repo, ['build', EXAMPLE, '-o', out, '--layout', 'flux', '--environment', environment]);
      expect(built.status, built.stderr).toBe(0);
      expect(built.stderr).toBe(`wrote 24 files to ${join(out, 'clusters', environment)}\n`);
    }
    const tree = readTree(out);

    // The same tree as one uncached run per package and environment, written at the same depth.
    const perPackage = join(scratch.dir, 'example-per-package');
    for (const environment of ENVIRONMENTS) {
      for (const pkg of EXAMPLE_PACKAGES) {
        const built = kurel(repo, ['build', join(EXAMPLE, pkg), '-o', perPackage, '--layout', 'flux', '--environment', environment, '--no-cache']);
        expect(built.status, built.stderr).toBe(0);
      }
    }
    expect([...readTree(perPackage)]).toEqual([...tree]);

    for (const environment of ENVIRONMENTS) {
      const top = `clusters/${environment}`;
      const kustomizations = fluxKustomizations(out, top);
      expect(kustomizations.map((entry) => entry.name).sort()).toEqual(['catalog', 'catalog-apps', 'catalog-services', 'checkout', 'payments']);
      for (const entry of kustomizations) expect(entry.path.startsWith(`${top}/`), `${entry.name} applies ${entry.path}`).toBe(true);
      // No folder is left that neither the bootstrap path nor a Kustomization builds.
      const folders = [...tree.keys()].filter((path) => path.startsWith(`${top}/`) && path.endsWith('/kustomization.yaml')).map(dirname);
      expect(folders.sort()).toEqual([top, `${top}/flux-system`, ...kustomizations.map((entry) => entry.path)].sort());

      const streams = EXAMPLE_PACKAGES.map((pkg) => {
        const result = kurel(repo, ['build', join(EXAMPLE, pkg), '--environment', environment]);
        expect(result.status, result.stderr).toBe(0);
        return result.stdout;
      });
      const union = checkTreeWithKustomize(out, { top, kustomizations }, streams.join('---\n'));
      const checkout = union.find((object) => object.kind === 'Deployment' && object.metadata.name === 'checkout') as unknown as {
        spec: { replicas: number; template: { spec: { containers: Array<{ image: string }> } } };
      };
      // Each environment applies its own values: the trees differ where the environments do.
      expect([checkout.spec.replicas, checkout.spec.template.spec.containers[0].image]).toEqual(
        environment === 'prod' ? [3, 'ghcr.io/example/checkout:v2.4.0'] : [1, 'ghcr.io/example/checkout:v2.5.0-rc1'],
      );
    }
  });
});

describe('kurel prune -o DIR --layout flux PKG...', () => {
  it('takes packages out, lists what it removes, and keeps the others', () => {
    const out = join(scratch.dir, 'prune');
    expect(kurel(repo, ['build', FLEET, '-o', out, '--layout', 'flux', '--environment', 'staging']).status).toBe(0);
    const result = kurel(repo, ['prune', join(FLEET, 'beta'), join(FLEET, 'gamma', 'app.yaml'), '-o', out, '--layout', 'flux', '--environment', 'staging']);
    expect(result.status, result.stderr).toBe(0);
    const beta = relative(out, join(FLEET, 'beta'));
    expect(result.stderr).toContain(
      `removed 5 files of ${beta} (staging): beta/beta-deployment-worker.yaml, beta/beta-service-worker.yaml, beta/beta-serviceaccount-worker.yaml, beta/kustomization.yaml, flux-system/flux-system-kustomization-beta.yaml\n`,
    );
    expect(result.stderr).toMatch(/removed 5 files of \S+gamma \(staging\): /);
    expect(result.stderr).toMatch(/\nwrote 15 files to \S+clusters\/staging\n$/);
    const tree = readTree(join(out, 'clusters/staging'));
    expect([...tree.keys()].filter((path) => path.startsWith('beta/') || path.startsWith('gamma/'))).toEqual([]);
    expect(tree.get('flux-system/kustomization.yaml')).not.toContain('kustomization-beta');
    expect(tree.has('alpha/alpha-apps/alpha-deployment-web.yaml')).toBe(true);
  });

  it('keeps the share of a package gone from the fleet folder until it is pruned by its path', () => {
    const fleet = copyFleet('gone');
    expect(kurel(fleet, ['build', '.', '-o', 'repo', '--layout', 'flux', '--environment', 'staging']).status).toBe(0);
    const before = readTree(join(fleet, 'repo'));
    rmSync(join(fleet, 'beta'), { recursive: true });
    const rebuilt = kurel(fleet, ['build', '.', '-o', 'repo', '--layout', 'flux', '--environment', 'staging']);
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect([...readTree(join(fleet, 'repo'))]).toEqual([...before]);
    const pruned = kurel(fleet, ['prune', 'beta', '-o', 'repo', '--layout', 'flux', '--environment', 'staging']);
    expect(pruned.status, pruned.stderr).toBe(0);
    expect(pruned.stderr).toMatch(/^removed 5 files of \.\.\/beta \(staging\): /);
    const after = readTree(join(fleet, 'repo'));
    expect([...after.keys()].filter((path) => path.includes('beta'))).toEqual([]);
    expect([...after.keys()].filter((path) => path.startsWith('clusters/staging/gamma/'))).not.toEqual([]);
  });

  it('refuses a package the tree does not hold, writing nothing', () => {
    const out = join(scratch.dir, 'prune-unknown');
    expect(kurel(repo, ['build', join(FLEET, 'gamma'), '-o', out, '--layout', 'flux']).status).toBe(0);
    const before = readTree(out);
    const result = kurel(repo, ['prune', 'test/fixtures/fleet/delta', '-o', out, '--layout', 'flux']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`Error: ${relative(out, join(FLEET, 'delta'))}: the tree holds no files of it (it holds: ${relative(out, join(FLEET, 'gamma'))})\n`);
    expect([...readTree(out)]).toEqual([...before]);
  });
});

describe('refusals: nothing is written', () => {
  it('refuses two packages that claim one folder and one Kustomization name, naming both', () => {
    const fleet = copyFleet('conflict', ['gamma']);
    cpSync(join(fleet, 'gamma'), join(fleet, 'gamma-copy'), { recursive: true });
    const result = kurel(fleet, ['build', '.', '-o', 'out', '--layout', 'flux']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      [
        'Kustomization name "gamma" is claimed by both ../gamma and ../gamma-copy',
        'folder "cluster/gamma" is claimed by both ../gamma and ../gamma-copy',
        '4 files "flux-system/flux-system-kustomization-gamma.yaml", "gamma/gamma-deployment-site.yaml", "gamma/gamma-service-site.yaml" and 1 more are written by both ../gamma and ../gamma-copy',
      ]
        .map((clash) => `Error: ${clash}; rename one of them, or write them into different top folders (-o, --cluster-dir)\n`)
        .join(''),
    );
    expect(existsSync(join(fleet, 'out'))).toBe(false);
    // One at a time: the second is refused and the first stays as it was.
    expect(kurel(fleet, ['build', 'gamma', '-o', 'out', '--layout', 'flux']).status).toBe(0);
    const before = readTree(join(fleet, 'out'));
    const second = kurel(fleet, ['build', 'gamma-copy', '-o', 'out', '--layout', 'flux']);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('Error: Kustomization name "gamma" is claimed by both ../gamma and ../gamma-copy;');
    expect([...readTree(join(fleet, 'out'))]).toEqual([...before]);
  });

  it('refuses one object two packages write into folders of their own, which two Kustomizations would apply', () => {
    const fleet = copyFleet('one-object', ['gamma']);
    cpSync(join(fleet, 'gamma'), join(fleet, 'gamma-two'), { recursive: true });
    // Another application name (its own folder and Kustomization), the same namespace and component.
    const app = join(fleet, 'gamma-two', 'app.yaml');
    writeFileSync(app, readFileSync(app, 'utf8').replace('name: gamma\n', 'name: gamma-two\n'));
    const result = kurel(fleet, ['build', '.', '-o', 'out', '--layout', 'flux']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Error: \d+ objects "[^"]+", .* are written by both \.\.\/gamma and \.\.\/gamma-two; rename one of them/);
    expect(result.stderr).toContain('"Deployment gamma/site"');
    expect(existsSync(join(fleet, 'out'))).toBe(false);
  });

  it('refuses a file kurel did not write, and one edited since', () => {
    const out = join(scratch.dir, 'foreign');
    expect(kurel(repo, ['build', join(FLEET, 'gamma'), '-o', out, '--layout', 'flux']).status).toBe(0);
    writeFileSync(join(out, 'cluster/notes.txt'), 'mine\n');
    const foreign = kurel(repo, ['build', join(FLEET, 'beta'), '-o', out, '--layout', 'flux']);
    expect(foreign.status).toBe(1);
    expect(foreign.stderr).toContain('it holds files kurel did not write (notes.txt)');
    expect(existsSync(join(out, 'cluster/beta'))).toBe(false);

    const edited = join(scratch.dir, 'edited');
    expect(kurel(repo, ['build', join(FLEET, 'gamma'), '-o', edited, '--layout', 'flux']).status).toBe(0);
    writeFileSync(join(edited, 'cluster/gamma/gamma-service-site.yaml'), 'edited: true\n');
    const result = kurel(repo, ['build', join(FLEET, 'beta'), '-o', edited, '--layout', 'flux']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('files kurel wrote were changed since (gamma/gamma-service-site.yaml)');
    expect(existsSync(join(edited, 'cluster/beta'))).toBe(false);
  });

  it('refuses a package that does not declare the environment, naming it', () => {
    const fleet = copyFleet('missing-environment', ['alpha', 'gamma']);
    writeFileSync(join(fleet, 'gamma/environments.yaml'), readFileSync(join(fleet, 'gamma/environments.yaml'), 'utf8').replace(/    - name: prod\n.*\n/, ''));
    const result = kurel(fleet, ['build', '.', '-o', 'out', '--layout', 'flux', '--environment', 'prod']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: gamma/environments.yaml: environment "prod" is not declared in "gamma/environments.yaml" (declared: staging)\n');
    expect(existsSync(join(fleet, 'out'))).toBe(false);
  });

  it('refuses --set, --set-json, --set-file and -f with several packages', () => {
    for (const flag of [['--set', 'image=x:1'], ['--set-json', 'image="x:1"'], ['--set-file', 'image=image.txt'], ['-f', 'values.yaml']]) {
      const result = kurel(repo, ['build', FLEET, '-o', join(scratch.dir, 'set'), '--layout', 'flux', ...flag]);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^Error: ${flag[0] === '-f' ? '--values' : flag[0]} sets the values of one package, and 3 are built \\(`));
    }
    expect(existsSync(join(scratch.dir, 'set'))).toBe(false);
  });

  it('reports the errors of every failing package, positioned, and writes nothing', () => {
    const fleet = copyFleet('failing');
    writeFileSync(join(fleet, 'alpha/app.yaml'), readFileSync(join(fleet, 'alpha/app.yaml'), 'utf8').replace('port: 8080}', 'port: "eighty"}'));
    writeFileSync(join(fleet, 'gamma/app.yaml'), readFileSync(join(fleet, 'gamma/app.yaml'), 'utf8').replace('type: webservice', 'type: webservise'));
    const result = kurel(fleet, ['build', '.', '-o', 'out', '--layout', 'flux', '--environment', 'staging']);
    expect(result.status).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Error: alpha\/app\.yaml:10:\d+ spec\.components\[0\]\.properties\.port: /);
    expect(lines.some((line) => /^Error: gamma\/app\.yaml:9:\d+ spec\.components\[0\]\.type: /.test(line)), result.stderr).toBe(true);
    expect(result.stderr).not.toContain('beta');
    expect(existsSync(join(fleet, 'out'))).toBe(false);
  });

  it('refuses several applications without --layout: a stream holds one', () => {
    const result = kurel(repo, ['build', join(FLEET, 'alpha'), join(FLEET, 'gamma'), '--environment', 'staging']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('Error: 2 applications are named: one YAML stream holds one application; build them one at a time, or write them into one tree with -o DIR --layout flux (or argocd)\n');
  });
});
