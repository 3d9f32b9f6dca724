import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTreeWithKustomize } from '../golden-flux/kustomize-check.js';
import { kurelIn, repo, scratchFolder } from './support.js';

// `kurel build -o DIR --layout flux` and `kurel explain --layout flux` through the CLI: what the
// flags accept and refuse, what the write leaves alone, and the delivery intents as Flux reads them.

const scratch = scratchFolder('kurel-flux-layout-');

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
        - type: pvc
          properties: {name: data, size: 1Gi}
        - type: prune-protection
        - type: force-replace
    - name: api
      type: webservice
      annotations: {launcher.gokure.dev/tier: apps}
      properties: {image: "ghcr.io/example/api:v1.0.0", port: 8080}
      traits:
        - type: prune-protection
    - name: report
      type: configmap
      annotations: {launcher.gokure.dev/tier: apps}
      properties:
        data: {schedule: daily}
`;

function setUp(name: string, app = APP): string {
  const dir = join(scratch.dir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'app.yaml'), app);
  return dir;
}

describe('kurel build -o DIR --layout flux', () => {
  it('keeps one file per application without --layout', () => {
    const dir = setUp('plain');
    const result = kurelIn(dir, ['build', 'app.yaml', '-o', 'out']);
    expect(result.status, result.stderr).toBe(0);
    expect(readdirSync(join(dir, 'out'))).toEqual(['ledger.yaml']);
    expect(readFileSync(join(dir, 'out/ledger.yaml'), 'utf8')).toBe(kurelIn(dir, ['build', 'app.yaml']).stdout);
  });

  it('puts each delivery intent on every object of its application, as Flux reads the tree', () => {
    const dir = setUp('intents');
    const built = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'flux', '--placement', 'per-layout']);
    expect(built.status, built.stderr).toBe(0);
    const plan = JSON.parse(kurelIn(dir, ['explain', 'app.yaml', '--layout', 'flux', '--placement', 'per-layout', '--json']).stdout);
    const union = checkTreeWithKustomize(join(dir, 'out'), plan, kurelIn(dir, ['build', 'app.yaml']).stdout);
    const annotations = (kind: string, name: string) => union.find((object) => object.kind === kind && object.metadata.name === name)?.metadata.annotations ?? {};
    const both = { 'kustomize.toolkit.fluxcd.io/prune': 'disabled', 'kustomize.toolkit.fluxcd.io/force': 'enabled' };
    expect(annotations('Deployment', 'db')).toEqual(both);
    // A trait's sub-application is covered by its component's intents.
    expect(annotations('PersistentVolumeClaim', 'data')).toEqual(both);
    expect(annotations('Service', 'api')).toEqual({ 'kustomize.toolkit.fluxcd.io/prune': 'disabled' });
    expect(annotations('ConfigMap', 'report')).toEqual({});
    expect(kurelIn(dir, ['build', 'app.yaml']).stdout).not.toContain('kustomize.toolkit.fluxcd.io/');
  });

  it('leaves what else the output folder holds, and replaces its own tree whole', () => {
    const dir = setUp('siblings');
    mkdirSync(join(dir, 'repo'));
    writeFileSync(join(dir, 'repo/README.md'), 'the fleet repository\n');
    expect(kurelIn(dir, ['build', 'app.yaml', '-o', 'repo', '--layout', 'flux']).status).toBe(0);
    expect(existsSync(join(dir, 'repo/cluster/ledger/ledger-apps/finance-configmap-report.yaml'))).toBe(true);
    writeFileSync(join(dir, 'app.yaml'), APP.replace(/    - name: report[\s\S]*$/, ''));
    const again = kurelIn(dir, ['build', 'app.yaml', '-o', 'repo', '--layout', 'flux']);
    expect(again.status, again.stderr).toBe(0);
    expect(existsSync(join(dir, 'repo/cluster/ledger/ledger-apps/finance-configmap-report.yaml'))).toBe(false);
    expect(readFileSync(join(dir, 'repo/README.md'), 'utf8')).toBe('the fleet repository\n');
  });

  it('refuses to write over a top folder holding files kurel did not write, and every file survives', () => {
    const dir = setUp('foreign');
    mkdirSync(join(dir, 'repo/cluster'), { recursive: true });
    writeFileSync(join(dir, 'repo/cluster/flux-system.yaml'), 'hand-written\n');
    const refused = kurelIn(dir, ['build', 'app.yaml', '-o', 'repo', '--layout', 'flux']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Error: .*repo\/cluster/m);
    expect(readdirSync(join(dir, 'repo/cluster'))).toEqual(['flux-system.yaml']);
    expect(readFileSync(join(dir, 'repo/cluster/flux-system.yaml'), 'utf8')).toBe('hand-written\n');
  });

  it('leaves the previous tree as it was when the build fails', () => {
    const dir = setUp('failing');
    expect(kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'flux']).status).toBe(0);
    const before = readFileSync(join(dir, 'out/cluster/flux-system/flux-system-kustomization-ledger.yaml'), 'utf8');
    writeFileSync(join(dir, 'app.yaml'), APP.replace('name: ledger,', 'name: Ledger,'));
    const failed = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'flux']);
    expect(failed.status).toBe(1);
    expect(readFileSync(join(dir, 'out/cluster/flux-system/flux-system-kustomization-ledger.yaml'), 'utf8')).toBe(before);
  });

  it('refuses the layout flags where they cannot apply', () => {
    const dir = setUp('flags');
    const noOutput = kurelIn(dir, ['build', 'app.yaml', '--layout', 'flux']);
    expect(noOutput.stderr).toBe('Error: --layout flux writes a tree of folders: give the output folder with -o DIR (kurel explain --layout flux shows the tree)\n');
    expect(noOutput.status).toBe(1);
    const noLayout = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--placement', 'per-layout']);
    expect(noLayout.stderr).toMatch(/--layout/);
    expect(noLayout.status).toBe(1);
    const badSource = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'flux', '--source-ref', 'flux-system']);
    expect(badSource.stderr).toBe('Error: --source-ref "flux-system": expected KIND/NAME[.NAMESPACE], e.g. GitRepository/flux-system\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('shows the tree with explain --layout flux, and the Kustomizations it would write', () => {
    const dir = setUp('explain');
    const shown = kurelIn(dir, ['explain', 'app.yaml', '--layout', 'flux', '--cluster-dir', 'clusters/eu', '--json']);
    expect(shown.status, shown.stderr).toBe(0);
    const plan = JSON.parse(shown.stdout);
    expect(plan.top).toBe('clusters/eu');
    expect(plan.kustomizations.map((k: { name: string; path: string }) => [k.name, k.path])).toEqual([
      ['ledger', 'clusters/eu/ledger'],
      ['ledger-infra', 'clusters/eu/ledger/ledger-infra'],
      ['ledger-apps', 'clusters/eu/ledger/ledger-apps'],
    ]);
    expect(existsSync(join(dir, 'clusters'))).toBe(false);
    const text = kurelIn(dir, ['explain', 'app.yaml', '--layout', 'flux']).stdout;
    expect(text).toContain('cluster/ledger/ledger-infra/  (applied by Kustomization ledger-infra)\n');
    expect(text).toContain('  finance-persistentvolumeclaim-data.yaml  PersistentVolumeClaim finance/data\n');
  });

  it('writes the tree the README shows, with the command the README gives', () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    const block = readme.match(/\$ kurel (build [^\n]*--layout flux)\n\$ find repo -name '\*\.yaml' \| sort\n([^`]*)```/);
    expect(block, 'the README shows a command writing a Flux tree and its files').not.toBeNull();
    const args = block![1].split(' ').map((arg) => (arg === 'repo' ? join(scratch.dir, 'readme', 'repo') : arg));
    const result = kurelIn(repo, args);
    expect(result.status, result.stderr).toBe(0);
    const found: string[] = [];
    const walk = (dir: string, shown: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name), `${shown}/${entry.name}`);
        else if (entry.name.endsWith('.yaml')) found.push(`${shown}/${entry.name}`);
      }
    };
    walk(join(scratch.dir, 'readme', 'repo'), 'repo');
    expect(found.sort()).toEqual(block![2].trim().split('\n'));
  });

  it('puts the Kustomizations in the namespace the config names as fluxNamespace', () => {
    const dir = setUp('flux-namespace');
    writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ fluxNamespace: 'gitops' }));
    const built = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'flux']);
    expect(built.status, built.stderr).toBe(0);
    const umbrella = readFileSync(join(dir, 'out/cluster/flux-system/gitops-kustomization-ledger.yaml'), 'utf8');
    expect(umbrella).toContain('  namespace: gitops\n');
    expect(umbrella).toContain('    name: flux-system\n    namespace: gitops\n');
  });

  it('refuses a bundle name no Flux Kustomization can take, and writes nothing', () => {
    const name = `ledger-${'x'.repeat(60)}`;
    const dir = setUp('long-name', APP.replace('name: ledger,', `name: ${name},`));
    const refused = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'flux']);
    expect(refused.stderr).toContain(
      `Error: app.yaml:3:12 metadata.name: bundle "cluster/${name}": Kustomization name "${name}": it is 67 characters long, and a Flux Kustomization name is at most 63; set the Naming hook's answer for role "bundle"\n`,
    );
    expect(refused.status).toBe(1);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
