import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { expectValidApplication } from '../golden-argocd/application-schema.js';
import { readTree } from '../golden-flux/golden-tree.js';
import { checkTreeWithKustomize } from '../golden-flux/kustomize-check.js';
import { kurelIn, repo, scratchFolder } from './support.js';

// The Argo CD tree on the fleet path: several packages in one tree, the tree diff, and the
// delivery plugin's settings reaching each Application's syncPolicy.

const scratch = scratchFolder('kurel-argocd-fleet-');
const FLEET = join(repo, 'test/fixtures/fleet');
const PACKAGES = ['alpha', 'beta', 'gamma'];
const REPO = 'https://github.com/example/fleet.git';

/** A folder holding copies of some fleet packages and a kurel config with the `argocd:` block. */
function fleet(name: string, packages: string[]): { dir: string; config: string } {
  const dir = join(scratch.dir, name);
  for (const pkg of packages) cpSync(join(FLEET, pkg), join(dir, pkg), { recursive: true });
  const config = join(dir, 'kurel-config.json');
  writeFileSync(config, JSON.stringify({ argocd: { repoURL: REPO } }));
  return { dir, config };
}

describe('kurel build PKG... -o DIR --layout argocd: a fleet in one Argo CD tree', () => {
  it('keeps both packages, lists both in the argocd/ index, and every Application applies its objects once', () => {
    const { dir, config } = fleet('two', ['alpha', 'gamma']);
    // One package at a time: the second joins the tree the first wrote.
    for (const pkg of ['gamma', 'alpha']) {
      const built = kurelIn(dir, ['build', pkg, '-o', 'out', '--layout', 'argocd', '--environment', 'prod', '--config', config]);
      expect(built.status, built.stderr).toBe(0);
    }
    const top = 'clusters/prod';
    const tree = readTree(join(dir, 'out', top));
    expect(tree.get('argocd/kustomization.yaml')).toBe(
      `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - argocd-application-alpha-apps.yaml
  - argocd-application-alpha-services.yaml
  - argocd-application-alpha.yaml
  - argocd-application-gamma.yaml
`,
    );
    expect(tree.get('kustomization.yaml')).toBe('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - argocd\n');
    const manifest = JSON.parse(tree.get('.kurel-output.json')!);
    expect(manifest.kind).toBe('argocd-layout');
    expect(manifest.owners.map((owner: { package: string }) => owner.package)).toEqual(['../alpha', '../gamma']);

    const applications = [...tree]
      .filter(([path]) => /^argocd\/argocd-application-[^/]+\.yaml$/.test(path))
      .map(([path, text]) => {
        const object = parse(text) as { metadata: { name: string }; spec: { source: { path: string } } };
        expectValidApplication(object);
        return { name: object.metadata.name, path: object.spec.source.path, file: `${top}/${path}` };
      });
    expect(applications.map((entry) => entry.name).sort()).toEqual(['alpha', 'alpha-apps', 'alpha-services', 'gamma']);
    const streams = ['alpha', 'gamma'].map((pkg) => {
      const result = kurelIn(dir, ['build', pkg, '--environment', 'prod']);
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    });
    checkTreeWithKustomize(join(dir, 'out'), { top, applications }, streams.join('---\n'));
  });

  it('refuses two packages claiming one Application name, naming the Application', () => {
    const { dir, config } = fleet('clash', ['gamma']);
    cpSync(join(dir, 'gamma'), join(dir, 'gamma-copy'), { recursive: true });
    expect(kurelIn(dir, ['build', 'gamma', '-o', 'out', '--layout', 'argocd', '--config', config]).status).toBe(0);
    const before = readTree(join(dir, 'out'));
    const second = kurelIn(dir, ['build', 'gamma-copy', '-o', 'out', '--layout', 'argocd', '--config', config]);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('Error: Application name "gamma" is claimed by both ../gamma and ../gamma-copy;');
    expect([...readTree(join(dir, 'out'))]).toEqual([...before]);
  });

  it('takes a package out with kurel prune --layout argocd, keeping the other', () => {
    const { dir, config } = fleet('prune', ['alpha', 'gamma']);
    const built = kurelIn(dir, ['build', 'alpha', 'gamma', '-o', 'out', '--layout', 'argocd', '--environment', 'prod', '--config', config]);
    expect(built.status, built.stderr).toBe(0);
    const pruned = kurelIn(dir, ['prune', 'alpha', '-o', 'out', '--layout', 'argocd', '--environment', 'prod']);
    expect(pruned.status, pruned.stderr).toBe(0);
    const tree = readTree(join(dir, 'out/clusters/prod'));
    expect(tree.get('argocd/kustomization.yaml')).toBe('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - argocd-application-gamma.yaml\n');
    expect([...tree.keys()].some((path) => path.startsWith('alpha/'))).toBe(false);
  });

  it('never takes over a Flux tree in the same top folder', () => {
    const { dir, config } = fleet('over-flux', ['gamma']);
    expect(kurelIn(dir, ['build', 'gamma', '-o', 'out', '--layout', 'flux']).status).toBe(0);
    const refused = kurelIn(dir, ['build', 'gamma', '-o', 'out', '--layout', 'argocd', '--config', config]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/"flux-layout" output, not "argocd-layout"/);
  });
});

describe('kurel diff --layout argocd', () => {
  it('diffs clean against the tree written from the same input, and shows a change', () => {
    const { dir, config } = fleet('diff', PACKAGES);
    const args = ['--layout', 'argocd', '--environment', 'staging', '--config', config];
    expect(kurelIn(dir, ['build', ...PACKAGES, '-o', 'out', ...args]).status).toBe(0);
    const clean = kurelIn(dir, ['diff', ...PACKAGES, '--against', 'out', ...args]);
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
    writeFileSync(config, JSON.stringify({ argocd: { repoURL: REPO, project: 'platform' } }));
    const changed = kurelIn(dir, ['diff', ...PACKAGES, '--against', 'out', ...args]);
    expect(changed.status, changed.stderr).toBe(1);
    expect(changed.stdout).toContain('-  project: default\n+  project: platform\n');
    expect(changed.stdout).toContain('clusters/staging/argocd/argocd-application-gamma.yaml');
  });
});

describe('delivery settings under --layout argocd', () => {
  const APP = (policies: string, traits = '') => `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: ledger, namespace: finance}
spec:
  components:
    - name: api
      type: webservice
      properties: {image: "ghcr.io/example/api:v1.0.0", port: 8080}
${traits}${policies ? `  policies:\n${policies}` : ''}`;
  const setUp = (name: string, app: string) => {
    const dir = join(scratch.dir, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'app.yaml'), app);
    writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ argocd: { repoURL: REPO } }));
    return dir;
  };

  it("reaches the Application's syncPolicy from the reconciliation policy, through the delivery plugin", () => {
    const dir = setUp('reconciliation', APP('    - name: sync\n      type: reconciliation\n      properties: {prune: true, suspend: false, retryInterval: 90s}\n'));
    const built = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'argocd']);
    expect(built.status, built.stderr).toBe(0);
    const application = parse(readFileSync(join(dir, 'out/cluster/argocd/argocd-application-ledger.yaml'), 'utf8'));
    // The policy's duration as Flux writes it (Go's), which Argo CD's backoff reads too.
    expect(application.spec.syncPolicy).toEqual({
      automated: { prune: true, selfHeal: true },
      retry: { limit: -1, backoff: { duration: '1m30s', factor: 1, maxDuration: '1m30s' } },
    });
    expectValidApplication(application);
  });

  it('refuses the fluxcd-* traits, naming the layout, and writes nothing', () => {
    for (const trait of ['fluxcd-patches', 'fluxcd-postbuild']) {
      const properties = trait === 'fluxcd-patches' ? '{patches: [{patch: "x: y\\n"}]}' : '{substitute: {env: prod}}';
      const dir = setUp(trait, APP('', `      traits:\n        - type: ${trait}\n          properties: ${properties}\n`));
      const result = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'argocd']);
      expect(result.status, trait).toBe(1);
      expect(result.stderr, trait).toContain(`trait "${trait}" configures a Flux Kustomization, which --layout argocd does not write; use --layout flux, or remove the trait`);
      expect(existsSync(join(dir, 'out')), trait).toBe(false);
    }
  });
});
