import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { kurelIn, repo, scratchFolder } from './support.js';

// The delivery settings under `--layout flux`: the reconciliation and health-checks policies, the
// fluxcd-patches and fluxcd-postbuild traits and the config's `flux:` block, as the generated
// Kustomizations carry them; and, without a layout, the reference's refusal of each.

const scratch = scratchFolder('kurel-flux-delivery-');

const DB = `    - name: db
      type: webservice
      annotations: {launcher.gokure.dev/tier: infra}
      properties: {image: "ghcr.io/example/db:v1.0.0", port: 5432}
`;
const API = `    - name: api
      type: webservice
      annotations: {launcher.gokure.dev/tier: apps}
      properties: {image: "ghcr.io/example/api:v1.0.0", port: 8080}
`;

function application(components: string, policies = ''): string {
  return `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: ledger, namespace: finance}
spec:
  components:
${components}${policies ? `  policies:\n${policies}` : ''}`;
}

const RECONCILIATION = `    - name: sync
      type: reconciliation
      properties: {interval: 10m, retryInterval: 90s, timeout: 5m, prune: true, wait: true, force: true, suspend: true}
`;
const HEALTH = `    - name: health
      type: health-checks
      properties: {checks: [{apiVersion: apps/v1, kind: Deployment, name: api, namespace: finance}]}
`;
const POSTBUILD = `      traits:
        - type: fluxcd-postbuild
          properties: {substitute: {env: prod}, substituteFrom: [{kind: ConfigMap, name: settings, optional: true}]}
`;
const PATCHES = `      traits:
        - type: fluxcd-patches
          properties: {patches: [{patch: "apiVersion: apps/v1\\nkind: Deployment\\nmetadata: {name: api}\\nspec: {replicas: 3}\\n", target: {kind: Deployment, name: api}}]}
`;

let count = 0;
function setUp(app: string, config?: Record<string, unknown>): string {
  const dir = join(scratch.dir, `case-${count++}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'app.yaml'), app);
  if (config) writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify(config));
  return dir;
}

type Spec = Record<string, unknown> & { healthChecks?: Array<{ name: string }> };

/** Builds the tree and reads each generated Kustomization's spec, by name. */
function kustomizations(dir: string, extra: string[] = []): Map<string, Spec> {
  const built = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'flux', ...extra]);
  expect(built.status, built.stderr).toBe(0);
  const folder = join(dir, 'out/cluster/flux-system');
  const found = new Map<string, Spec>();
  for (const file of readdirSync(folder).filter((name) => name !== 'kustomization.yaml')) {
    const object = parse(readFileSync(join(folder, file), 'utf8'));
    found.set(object.metadata.name, object.spec);
  }
  return found;
}

function refusal(dir: string, args = ['build', 'app.yaml', '-o', 'out', '--layout', 'flux']) {
  const result = kurelIn(dir, args);
  expect(result.status).not.toBe(0);
  return result.stderr;
}

describe('without --layout flux', () => {
  it('refuses each delivery type with the reference text', () => {
    const dir = setUp(application(`${DB}${POSTBUILD}${API}${PATCHES}`, `${RECONCILIATION}${HEALTH}`));
    const stderr = refusal(dir, ['build', 'app.yaml']);
    const reason = 'it configures delivery, which launcher leaves to the consumer that delivers the application; a consumer that delivers through Flux registers its own handler';
    expect(stderr).toContain(`app.yaml:11:11 spec.components[0].traits[0]: no handler for trait type "fluxcd-postbuild" (on component "db"): ${reason}`);
    expect(stderr).toContain(`no handler for trait type "fluxcd-patches" (on component "api"): ${reason}`);
    expect(stderr).toContain(`no handler for policy type "reconciliation" (policy "sync"): ${reason}`);
    expect(stderr).toContain(`no handler for policy type "health-checks" (policy "health"): ${reason}`);
    expect(refusal(dir, ['build', 'app.yaml', '-o', 'out'])).toContain('no handler for policy type "reconciliation"');
  });
});

describe('the reconciliation policy', () => {
  it('sets every field on every bundle, durations as Go prints them, and drops the umbrella health checks under wait', () => {
    const found = kustomizations(setUp(application(`${DB}${API}`, RECONCILIATION)));
    expect([...found.keys()].sort()).toEqual(['ledger', 'ledger-apps', 'ledger-infra']);
    for (const spec of found.values()) {
      expect(spec).toMatchObject({ interval: '10m0s', retryInterval: '1m30s', timeout: '5m0s', prune: true, wait: true, force: true, suspend: true });
    }
    expect(found.get('ledger')!.healthChecks).toBeUndefined();
  });

  it('keeps the defaults of the fields it does not set', () => {
    const found = kustomizations(setUp(application(`${DB}${API}`, '    - name: sync\n      type: reconciliation\n      properties: {timeout: 2m}\n')));
    const umbrella = found.get('ledger')!;
    expect(umbrella).toMatchObject({ interval: '1h0m0s', prune: false, timeout: '2m0s' });
    expect(umbrella).not.toHaveProperty('wait');
    expect(umbrella.healthChecks!.map((check) => check.name)).toEqual(['ledger-infra', 'ledger-apps']);
  });

  it('refuses a duration Flux does not accept, on its property', () => {
    const dir = setUp(application(DB, '    - name: sync\n      type: reconciliation\n      properties: {interval: -5m}\n'));
    expect(refusal(dir)).toMatch(/^Error: app\.yaml:\d+:\d+ spec\.policies\[0\]\.properties\.interval: .*interval "-5m" is not a duration Flux accepts/);
  });

  it('refuses two policies that set one field to different values', () => {
    const dir = setUp(application(DB, `${RECONCILIATION}    - name: other\n      type: reconciliation\n      properties: {interval: 1m}\n`));
    expect(refusal(dir)).toContain('policy "other" sets interval to "1m0s", but policy "sync" sets it to "10m0s"; keep one');
  });
});

describe('the health-checks policy', () => {
  it('appends its checks after the umbrella bundle\'s own, on every bundle', () => {
    const found = kustomizations(setUp(application(`${DB}${API}`, HEALTH)));
    const check = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', namespace: 'finance' };
    expect(found.get('ledger')!.healthChecks).toEqual([
      { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', name: 'ledger-infra', namespace: 'flux-system' },
      { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', name: 'ledger-apps', namespace: 'flux-system' },
      check,
    ]);
    expect(found.get('ledger-apps')!.healthChecks).toEqual([check]);
  });

  it('keeps its checks and drops only the umbrella\'s under wait', () => {
    const found = kustomizations(setUp(application(`${DB}${API}`, `${HEALTH}    - name: sync\n      type: reconciliation\n      properties: {wait: true}\n`)));
    expect(found.get('ledger')!.healthChecks!.map((check) => check.name)).toEqual(['api']);
  });
});

describe('the fluxcd traits', () => {
  it('configure the bundle holding their component, and no other', () => {
    const found = kustomizations(setUp(application(`${DB}${POSTBUILD}${API}${PATCHES}`)));
    expect(found.get('ledger-infra')!.postBuild).toEqual({ substitute: { env: 'prod' }, substituteFrom: [{ kind: 'ConfigMap', name: 'settings', optional: true }] });
    expect(found.get('ledger-infra')).not.toHaveProperty('patches');
    expect(found.get('ledger-apps')!.patches).toEqual([{ patch: 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec: {replicas: 3}\n', target: { kind: 'Deployment', name: 'api' } }]);
    expect(found.get('ledger-apps')).not.toHaveProperty('postBuild');
    expect(found.get('ledger')).not.toHaveProperty('patches');
    expect(found.get('ledger')).not.toHaveProperty('postBuild');
  });

  it('refuses two components of one bundle substituting one variable differently, naming both', () => {
    const flat = (name: string, value: string) =>
      `    - name: ${name}\n      type: configmap\n      properties: {data: {a: b}}\n      traits:\n        - type: fluxcd-postbuild\n          properties: {substitute: {env: ${value}}}\n`;
    const dir = setUp(application(`${flat('one', 'prod')}${flat('two', 'test')}`));
    expect(refusal(dir)).toMatch(
      /app\.yaml:\d+:\d+ spec\.components\[1\]\.traits\[0\]\.properties\.substitute\.env: bundle "ledger": trait "fluxcd-postbuild" on component "two" substitutes env with "test", but trait "fluxcd-postbuild" on component "one" substitutes it with "prod"/,
    );
    // One value written twice is one setting.
    expect(kustomizations(setUp(application(`${flat('one', 'prod')}${flat('two', 'prod')}`))).get('ledger')!.postBuild).toEqual({ substitute: { env: 'prod' } });
  });

  it('refuses a trait whose generated component a placement policy puts on its own', () => {
    const app = application(
      '    - name: db\n      type: postgresql\n      properties: {replicas: 1, storageSize: 1Gi, pooler: {enabled: true}}\n      traits:\n        - type: fluxcd-patches\n          properties: {patches: [{patch: "x: y\\n"}]}\n',
      '    - name: pooler-last\n      type: placement\n      properties: {component: db-pooler, tier: apps}\n',
    );
    expect(refusal(setUp(app))).toContain(
      'trait "fluxcd-patches" configures the bundle of every object this component generates, but placement policy "pooler-last" names "db-pooler", a component generated for it, on its own: that component could be applied in a bundle the trait does not reach; name "db" in the policy instead, or remove the trait',
    );
  });

  it('check their properties against their schema', () => {
    const dir = setUp(application(`${DB}      traits:\n        - type: fluxcd-postbuild\n          properties: {substituteFrom: [{kind: Deployment, name: x}]}\n`));
    expect(refusal(dir)).toContain('spec.components[0].traits[0].properties.substituteFrom[0].kind');
  });
});

describe('the config\'s flux: block', () => {
  const FLUX = { interval: '30m', prune: true, sourceRef: { kind: 'OCIRepository', name: 'artifact', namespace: 'sources' }, namespace: 'gitops' };

  it('gives every Kustomization its defaults', () => {
    const found = kustomizations(setUp(application(`${DB}${API}`), { flux: FLUX }));
    for (const spec of found.values()) {
      expect(spec).toMatchObject({ interval: '30m0s', prune: true, sourceRef: { kind: 'OCIRepository', name: 'artifact', namespace: 'sources' } });
    }
    expect(found.get('ledger')!.healthChecks![0]).toMatchObject({ namespace: 'gitops' });
  });

  it('writes the Kustomizations in its namespace, over fluxNamespace', () => {
    const dir = setUp(application(DB), { fluxNamespace: 'flux-objects', flux: { namespace: 'gitops' } });
    expect(kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--layout', 'flux']).status).toBe(0);
    expect(readdirSync(join(dir, 'out/cluster/flux-system'))).toContain('gitops-kustomization-ledger.yaml');
  });

  it('is overridden by the reconciliation policy, and its sourceRef by --source-ref', () => {
    const dir = setUp(application(`${DB}${API}`, '    - name: sync\n      type: reconciliation\n      properties: {interval: 5m, prune: false}\n'), { flux: FLUX });
    const found = kustomizations(dir, ['--source-ref', 'GitRepository/repo.other']);
    expect(found.get('ledger')).toMatchObject({ interval: '5m0s', prune: false, sourceRef: { kind: 'GitRepository', name: 'repo', namespace: 'other' } });
  });

  it('leaves the defaults as they were when absent', () => {
    const found = kustomizations(setUp(application('    - name: report\n      type: configmap\n      properties: {data: {a: b}}\n')));
    expect(found.get('ledger')).toEqual({ interval: '1h0m0s', path: 'cluster/ledger', prune: false, sourceRef: { kind: 'GitRepository', name: 'flux-system', namespace: 'flux-system' } });
  });

  it('refuses an unknown key with the closest one, and a bad duration, naming the file and the key', () => {
    const unknown = refusal(setUp(application(DB), { flux: { intervall: '1m' } }));
    expect(unknown).toContain('.kurelrc.json');
    expect(unknown).toContain('flux.intervall: unsupported key "intervall"; did you mean "interval"?');
    const duration = refusal(setUp(application(DB), { flux: { interval: '5 minutes' } }));
    expect(duration).toContain('flux.interval: "5 minutes" is not a duration Flux accepts');
    expect(refusal(setUp(application(DB), { flux: { sourceRef: { kind: 'HelmRepository', name: 'x' } } }))).toContain('flux.sourceRef.kind: must be one of GitRepository, OCIRepository, Bucket, ExternalArtifact');
  });
});

describe('the generated Kustomizations', () => {
  it('satisfy the schema of Flux\'s own CRD', () => {
    const crd = parseAllDocuments(readFileSync(join(repo, 'plugins/builtin-kinds/crds/flux-kustomize-controller/kustomize.toolkit.fluxcd.io_kustomizations.yaml'), 'utf8'))
      .map((document) => document.toJS())
      .find((document) => document?.kind === 'CustomResourceDefinition');
    const schema = crd.spec.versions.find((version: { name: string }) => version.name === 'v1').schema.openAPIV3Schema;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    const dir = setUp(application(`${DB}${POSTBUILD}${API}${PATCHES}`, `${RECONCILIATION}${HEALTH}`), { flux: { sourceRef: { kind: 'OCIRepository', name: 'artifact' } } });
    kustomizations(dir);
    const folder = join(dir, 'out/cluster/flux-system');
    const files = readdirSync(folder).filter((name) => name !== 'kustomization.yaml');
    expect(files).toHaveLength(3);
    for (const file of files) {
      const object = parse(readFileSync(join(folder, file), 'utf8'));
      expect(validate(object), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // The check can fail: a spec Flux refuses is refused.
    expect(validate({ apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name: 'x' }, spec: { interval: '10 minutes', prune: true, sourceRef: { kind: 'GitRepository', name: 'x' } } })).toBe(false);
  });

  it('show their settings in kurel explain --layout flux', () => {
    const dir = setUp(application(`${DB}${POSTBUILD}${API}${PATCHES}`, RECONCILIATION));
    const explained = kurelIn(dir, ['explain', 'app.yaml', '--layout', 'flux']);
    expect(explained.status, explained.stderr).toBe(0);
    expect(explained.stdout).toContain('Kustomization ledger-infra -> cluster/ledger/ledger-infra, interval 10m0s, retryInterval 1m30s, timeout 5m0s, prune true, wait true, force true, suspend true, postBuild env, ConfigMap/settings');
    expect(explained.stdout).toContain('Kustomization ledger-apps -> cluster/ledger/ledger-apps, dependsOn ledger-infra, interval 10m0s');
    expect(explained.stdout).toContain('patches 1');
  });
});
