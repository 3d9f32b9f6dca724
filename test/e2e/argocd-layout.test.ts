import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { expectValidApplication } from '../golden-argocd/application-schema.js';
import { checkTreeWithKustomize } from '../golden-flux/kustomize-check.js';
import { kurelIn, scratchFolder } from './support.js';

// `kurel build -o DIR --layout argocd` and `kurel explain --layout argocd` through the CLI: the
// config block it reads, the environment's destination, and every refusal, with nothing written.

const scratch = scratchFolder('kurel-argocd-layout-');

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: ledger, namespace: finance}
spec:
  components:
    - name: db
      type: webservice
      annotations: {launcher.gokure.dev/tier: infra}
      properties: {image: "ghcr.io/example/db:v1.0.0", port: 5432}
      traits:
        - type: prune-protection
    - name: api
      type: webservice
      annotations: {launcher.gokure.dev/tier: apps}
      properties: {image: "ghcr.io/example/api:v1.0.0", port: 8080}
`;
const PROFILE = `apiVersion: launcher.gokure.dev/v1alpha1
kind: ClusterProfile
metadata: {name: prod}
spec: {}
`;
const ENVIRONMENTS = `apiVersion: launcher.gokure.dev/v1alpha1
kind: EnvironmentSet
metadata: {name: ledger}
spec:
  environments:
    - {name: prod, profile: profile.yaml}
    - {name: dev, profile: profile.yaml}
`;
const REPO = 'https://github.com/example/fleet.git';

/** An application folder, with a kurel config holding `argocd` unless it is null. */
function setUp(name: string, argocd: unknown = { repoURL: REPO }): string {
  const dir = join(scratch.dir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'app.yaml'), APP);
  writeFileSync(join(dir, 'profile.yaml'), PROFILE);
  writeFileSync(join(dir, 'environments.yaml'), ENVIRONMENTS);
  if (argocd !== null) writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ argocd }));
  return dir;
}

const readApplication = (dir: string, file: string) => parse(readFileSync(join(dir, file), 'utf8'));

describe('kurel build -o DIR --layout argocd', () => {
  it('writes an Application per bundle that Argo CD accepts, and folders kustomize builds, each object applied once', () => {
    const dir = setUp('tree');
    const built = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'argocd']);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stderr).toMatch(/wrote 14 files to out\/cluster\n$/);
    const plan = JSON.parse(kurelIn(dir, ['explain', 'app.yaml', '--layout', 'argocd', '--json']).stdout);
    expect(plan.applications.map((application: { name: string; syncWave: number }) => [application.name, application.syncWave])).toEqual([
      ['ledger', 0],
      ['ledger-infra', 1],
      ['ledger-apps', 2],
    ]);
    const union = checkTreeWithKustomize(join(dir, 'out'), plan, kurelIn(dir, ['build', 'app.yaml']).stdout);
    for (const application of plan.applications) expectValidApplication(readApplication(join(dir, 'out'), application.file));
    const db = union.find((object) => object.kind === 'Deployment' && object.metadata.name === 'db');
    expect(db?.metadata.annotations).toEqual({ 'argocd.argoproj.io/sync-options': 'Prune=false' });
    expect(readFileSync(join(dir, 'out/cluster/kustomization.yaml'), 'utf8')).toBe('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - argocd\n');
  });

  it("sends an environment's Applications to its destination from the config", () => {
    const dir = setUp('destinations', { repoURL: REPO, destinations: { prod: { name: 'prod-eu' }, dev: { server: 'https://dev.example:6443' } } });
    const built = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'argocd', '--environment', 'prod', '--cluster-dir', 'clusters/prod']);
    expect(built.status, built.stderr).toBe(0);
    const ledger = readApplication(dir, 'out/clusters/prod/argocd/argocd-application-ledger.yaml');
    expect(ledger.spec.destination).toEqual({ name: 'prod-eu', namespace: 'finance' });
    expect(ledger.spec.source.path).toBe('clusters/prod/ledger');
    expectValidApplication(ledger);
  });

  it('shows the tree with explain --layout argocd, and the root Application that applies the top', () => {
    const dir = setUp('explain');
    const shown = kurelIn(dir, ['explain', 'app.yaml', '--layout', 'argocd']);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('cluster/  (the top: the root Application, path cluster)\n  kustomization.yaml: argocd\n');
    expect(shown.stdout).toContain('  argocd-application-ledger-apps.yaml  Application ledger-apps -> cluster/ledger/ledger-apps, sync-wave 2\n');
    expect(shown.stdout).toContain('cluster/ledger/ledger-infra/  (applied by Application ledger-infra)\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('refuses, writing nothing, where the layout cannot be written', () => {
    const refusals: Array<[string, unknown, string[], string | RegExp]> = [
      ['no-repo', null, [], 'Error: argocd.repoURL: --layout argocd needs the repository Argo CD reads the tree from: set argocd.repoURL in the kurel config (none was found: e.g. .kurelrc.yaml beside app.yaml)\n'],
      ['no-repo-key', { project: 'platform' }, [], /^Error: .*\.kurelrc\.json argocd\.repoURL: --layout argocd needs the repository Argo CD reads the tree from: set argocd\.repoURL in the kurel config\n$/],
      ['placement', { repoURL: REPO }, ['--placement', 'per-layout'], "Error: --placement is Flux's: --layout argocd writes one Application per bundle into <top>/argocd/ and reads its source from argocd.repoURL in the kurel config\n"],
      ['source-ref', { repoURL: REPO }, ['--source-ref', 'GitRepository/fleet'], /^Error: --source-ref is Flux's/],
      ['format', { repoURL: REPO }, ['--format', 'json'], "Error: --format json: the Argo CD tree is YAML files, kustomize's and Argo CD's format\n"],
      ['unknown-key', { repoURL: REPO, syncWave: 1 }, [], /^Error: .*\.kurelrc\.json argocd\.syncWave: unsupported key \(allowed: repoURL, targetRevision, path, project, namespace, selfHeal, prune, destinations\)\n$/],
      ['bad-prune', { repoURL: REPO, prune: 'yes' }, [], /^Error: .*\.kurelrc\.json argocd\.prune: must be true or false\n$/],
      ['bad-namespace', { repoURL: REPO, namespace: 'Argo CD' }, [], /argocd\.namespace: "Argo CD" is not a valid namespace/],
      ['both-destinations', { repoURL: REPO, destinations: { prod: { server: 'https://a', name: 'a' } } }, ['--environment', 'prod'], /argocd\.destinations\.prod: must hold exactly one of server and name \(it holds server, name\)\n$/],
      ['missing-destination', { repoURL: REPO, destinations: { prod: { name: 'prod-eu' } } }, ['--environment', 'dev'], 'Error: argocd.destinations has no entry for environment "dev" (it has prod); add argocd.destinations.dev: {server: URL} or {name: CLUSTER}\n'],
    ];
    for (const [name, argocd, flags, expected] of refusals) {
      const dir = setUp(`refuse-${name}`, argocd);
      const result = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'argocd', ...flags]);
      if (typeof expected === 'string') expect(result.stderr, name).toBe(expected);
      else expect(result.stderr, name).toMatch(expected);
      expect(result.status, name).toBe(1);
      expect(existsSync(join(dir, 'out')), name).toBe(false);
    }
    const noOutput = kurelIn(setUp('no-output'), ['build', 'app.yaml', '--layout', 'argocd']);
    expect(noOutput.stderr).toBe('Error: --layout argocd writes a tree of folders: give the output folder with -o DIR (kurel explain --layout argocd shows the tree)\n');
    expect(noOutput.status).toBe(1);
  });

  it('refuses to write an Argo CD tree over a Flux tree, and leaves it whole', () => {
    const dir = setUp('over-flux');
    expect(kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'flux']).status).toBe(0);
    const refused = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'argocd']);
    expect(refused.stderr).toMatch(/^Error: .*out\/cluster.*"flux-layout" output, not "argocd-layout"/m);
    expect(refused.status).toBe(1);
    expect(existsSync(join(dir, 'out/cluster/flux-system/kustomization.yaml'))).toBe(true);
    expect(existsSync(join(dir, 'out/cluster/argocd'))).toBe(false);
  });
});
