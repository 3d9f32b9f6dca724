import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { K8sObject } from '../../../src/plugin-api/index.js';
import { formatDiagnostic, isKurelError } from '../../../src/engine/index.js';
import { planArgoLayout } from '../../../src/engine/layout/argocd-plan.js';
import { kustomizationFileText } from '../../../src/engine/layout/layout-files.js';
import type { ArgoLayoutOptions, BundleDelivery, ComponentLayout, LayoutBundle } from '../../../src/engine/layout/model.js';
import { applicationErrors, expectValidApplication } from '../../golden-argocd/application-schema.js';

// The Argo CD tree planner on typed bundle trees: the Applications (names, waves, source,
// destination, sync policy from the bundle's delivery), the folders, and its refusals.

const configMap = (name: string, namespace = 'shop'): K8sObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { name } });
const bundle = (name: string, objects: string[] = [], extra: Partial<LayoutBundle> = {}): LayoutBundle => ({
  name,
  objects: objects.map((object) => ({ object: configMap(object), delivery: [] })),
  componentLayouts: [],
  ...extra,
});
const options: ArgoLayoutOptions = { argocd: { repoURL: 'https://git.example/fleet.git' }, namespace: 'shop' };
const chart = (groups: string[]): ComponentLayout => ({ component: 'db', hookGroups: groups.map((name) => ({ name, objects: [{ object: configMap(`${name}-object`), delivery: [] }] })) });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (!isKurelError(error)) throw error;
    return formatDiagnostic(error.diagnostics[0]);
  }
  throw new Error('expected a refusal');
}

const application = (plan: ReturnType<typeof planArgoLayout>, name: string) => {
  const file = plan.applications.find((entry) => entry.name === name)!.file;
  return parse(plan.files.get(file.slice(`${plan.top}/`.length))!);
};

describe('planArgoLayout', () => {
  it('writes one Application per bundle in argocd/, each group one sync wave after the one it depends on', () => {
    const plan = planArgoLayout({ bundle: bundle('shop', ['source']), groups: [bundle('shop-infra', ['db']), bundle('shop-apps', ['web'])] }, options);
    expect(plan.applications.map(({ name, path, sourcePath, syncWave }) => [name, path, sourcePath, syncWave])).toEqual([
      ['shop', 'cluster/shop', 'cluster/shop', 0],
      ['shop-infra', 'cluster/shop/shop-infra', 'cluster/shop/shop-infra', 1],
      ['shop-apps', 'cluster/shop/shop-apps', 'cluster/shop/shop-apps', 2],
    ]);
    expect(plan.files.get('kustomization.yaml')).toBe(kustomizationFileText(['argocd']));
    // A group's folder is its own Application's, never listed by its bundle's folder: each object is applied once.
    expect(plan.files.get('shop/kustomization.yaml')).toBe(kustomizationFileText(['shop-configmap-source.yaml']));
    const infra = application(plan, 'shop-infra');
    expect(infra).toEqual({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'shop-infra', namespace: 'argocd', annotations: { 'argocd.argoproj.io/sync-wave': '1' } },
      spec: {
        project: 'default',
        source: { repoURL: 'https://git.example/fleet.git', targetRevision: 'HEAD', path: 'cluster/shop/shop-infra' },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'shop' },
        syncPolicy: { automated: { prune: false, selfHeal: true } },
      },
    });
    expectValidApplication(infra);
  });

  it('reads prune, suspend and retryInterval from the bundle delivery, over the config', () => {
    const delivery = (value: BundleDelivery) => application(planArgoLayout({ bundle: bundle('shop', ['a'], { delivery: value }), groups: [] }, { ...options, argocd: { ...options.argocd, prune: false, selfHeal: false } }), 'shop');
    expect(delivery({ prune: true }).spec.syncPolicy).toEqual({ automated: { prune: true, selfHeal: false } });
    expect(delivery({}).spec.syncPolicy).toEqual({ automated: { prune: false, selfHeal: false } });
    // Suspended: Argo CD syncs only when asked.
    expect(delivery({ suspend: true, prune: true }).spec.syncPolicy).toEqual({});
    const retrying = delivery({ retryInterval: '2m0s' });
    expect(retrying.spec.syncPolicy.retry).toEqual({ limit: -1, backoff: { duration: '2m0s', factor: 1, maxDuration: '2m0s' } });
    for (const value of [{ suspend: true }, { retryInterval: '30s', prune: true }]) expectValidApplication(delivery(value));
  });

  it('takes the source, project and namespace from the config, and the destination from the environment', () => {
    const argocd = { repoURL: 'oci://registry.example/fleet', targetRevision: 'v2', path: '/fleet/', project: 'platform', namespace: 'gitops', destinations: { prod: { name: 'prod-eu' }, dev: { server: 'https://dev.example:6443' } } };
    const prod = application(planArgoLayout({ bundle: bundle('shop', ['a']), groups: [] }, { ...options, argocd, environment: 'prod', clusterDir: 'clusters/prod' }), 'shop');
    expect(prod.metadata.namespace).toBe('gitops');
    expect(prod.spec.project).toBe('platform');
    expect(prod.spec.source).toEqual({ repoURL: 'oci://registry.example/fleet', targetRevision: 'v2', path: 'fleet/clusters/prod/shop' });
    expect(prod.spec.destination).toEqual({ name: 'prod-eu', namespace: 'shop' });
    expectValidApplication(prod);
    // No environment: the cluster Argo CD runs in.
    expect(application(planArgoLayout({ bundle: bundle('shop', ['a']), groups: [] }, { ...options, argocd }), 'shop').spec.destination.server).toBe('https://kubernetes.default.svc');
    expect(refusal(() => planArgoLayout({ bundle: bundle('shop'), groups: [] }, { ...options, argocd, environment: 'staging' }))).toBe(
      'argocd.destinations has no entry for environment "staging" (it has prod, dev); add argocd.destinations.staging: {server: URL} or {name: CLUSTER}',
    );
  });

  it('puts a chart component layout in a plain subfolder its bundle lists, and refuses two hook groups or more', () => {
    const plan = planArgoLayout({ bundle: bundle('shop'), groups: [bundle('shop-infra', ['config'], { componentLayouts: [chart(['shop-db-00-main'])] })] }, options);
    expect(plan.files.get('shop/shop-infra/kustomization.yaml')).toBe(kustomizationFileText(['shop-configmap-config.yaml', 'db']));
    expect(plan.files.get('shop/shop-infra/db/kustomization.yaml')).toBe(kustomizationFileText(['shop-configmap-shop-db-00-main-object.yaml']));
    expect(plan.folders.find((folder) => folder.path === 'cluster/shop/shop-infra/db')?.appliedBy).toBe('shop-infra');
    expect(refusal(() => planArgoLayout({ bundle: bundle('shop', [], { componentLayouts: [chart(['a-00-pre-install', 'a-01-main'])] }), groups: [] }, options))).toBe(
      'layout "cluster/shop/db": component "db" renders 2 hook groups, which are applied in order only by Flux Kustomizations chained with dependsOn; use --layout flux --placement per-layout',
    );
  });

  it('refuses a bundle name no Application can take, naming the bundle and what to set', () => {
    const long = `shop-${'x'.repeat(250)}`;
    expect(refusal(() => planArgoLayout({ bundle: bundle('shop'), groups: [bundle(long, ['a'])] }, options))).toBe(
      `bundle "cluster/shop/${long}": Application name "${long}": not a valid DNS-1123 subdomain: must be no more than 253 characters; set the Naming hook's answer for role "group"`,
    );
    expect(refusal(() => planArgoLayout({ bundle: bundle('Shop', [], { where: { file: 'app.yaml', line: 3, column: 9, path: 'metadata.name' } }), groups: [] }, options))).toMatch(
      /^app\.yaml:3:9 metadata\.name: bundle "cluster\/Shop": Application name "Shop": not a valid DNS-1123 subdomain: .*; set the Naming hook's answer for role "bundle"$/,
    );
  });

  it('refuses a bundle whose folder is the index folder, two bundles of one name, and an Application the application emits itself', () => {
    expect(refusal(() => planArgoLayout({ bundle: bundle('argocd', ['a']), groups: [] }, options))).toMatch(/^bundle "cluster\/argocd": its folder is the one the Argo CD tree keeps the Applications in/);
    expect(refusal(() => planArgoLayout({ bundle: bundle('shop'), groups: [bundle('web'), bundle('web')] }, options))).toMatch(/two objects would be written|Application name "web" is used by both/);
    const emitted: K8sObject = { apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'shop', namespace: 'argocd' }, spec: {} };
    expect(refusal(() => planArgoLayout({ bundle: { ...bundle('shop'), objects: [{ object: emitted, delivery: [] }] }, groups: [] }, options))).toBe(
      'Application "argocd/shop" is both generated for bundle "cluster/shop" and emitted by the application into layout "cluster/shop"; give one of them another name',
    );
  });

  it('marks the delivery intents as Argo CD sync options, joined with what the author wrote', () => {
    const object: K8sObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'shop', annotations: { 'argocd.argoproj.io/sync-options': 'ServerSideApply=true' } } };
    const plan = planArgoLayout({ bundle: { ...bundle('shop'), objects: [{ object, delivery: ['prune-protection', 'force-replace'] }] }, groups: [] }, options);
    expect(parse(plan.files.get('shop/shop-configmap-a.yaml')!).metadata.annotations).toEqual({ 'argocd.argoproj.io/sync-options': 'ServerSideApply=true,Prune=false,Force=true,Replace=true' });
  });
});

describe("Argo CD's Application schema, as the tests hold the Applications to it", () => {
  it('refuses a misspelt key and a wrong type, which the API server would drop or reject', () => {
    const plan = planArgoLayout({ bundle: bundle('shop', ['a']), groups: [] }, options);
    const valid = application(plan, 'shop');
    expect(applicationErrors(valid)).toEqual([]);
    expect(applicationErrors({ ...valid, spec: { ...valid.spec, syncPolicy: { automated: { selfheal: true } } } }).join()).toMatch(/additional properties/);
    expect(applicationErrors({ ...valid, spec: { ...valid.spec, syncPolicy: { retry: { limit: '5' } } } }).join()).toMatch(/must be integer/);
    expect(applicationErrors({ ...valid, spec: { ...valid.spec, destination: undefined } }).join()).toMatch(/destination/);
  });
});
