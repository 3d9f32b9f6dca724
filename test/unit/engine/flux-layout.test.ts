import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { K8sObject } from '../../../src/plugin-api/index.js';
import { formatDiagnostic, isKurelError } from '../../../src/engine/index.js';
import { kustomizationNameProblem, unitLayoutName } from '../../../src/engine/layout/cr-names.js';
import { planFluxLayout } from '../../../src/engine/layout/flux-plan.js';
import { topDirectory } from '../../../src/engine/layout/top-directory.js';
import { kustomizationFileText, objectFileName, objectFileText } from '../../../src/engine/layout/layout-files.js';
import { FLUX_INTENT_ANNOTATIONS } from '../../../src/engine/layout/flux-files.js';
import { parseSourceRef } from '../../../src/engine/layout/source-ref.js';
import { layoutTree } from '../../../src/engine/layout/layout-tree.js';
import type { Application } from '../../../src/engine/model.js';
import type { GeneratedObject } from '../../../src/engine/stages/generate.js';
import type { ComponentLayout, FluxLayoutOptions, LayoutBundle, LayoutTree } from '../../../src/engine/layout/model.js';

// The Flux tree planner on typed bundle trees: names, placements, and the layouts of components
// that have one (a chart rendered at build time, with its hook groups).

const configMap = (name: string, namespace = 'shop'): K8sObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { name } });
const bundle = (name: string, objects: string[] = [], componentLayouts: ComponentLayout[] = []): LayoutBundle => ({
  name,
  objects: objects.map((object) => ({ object: configMap(object), delivery: [] })),
  componentLayouts,
});
const separate: FluxLayoutOptions = { placement: 'separate', sourceRef: { kind: 'GitRepository', name: 'flux-system' } };
const perLayout: FluxLayoutOptions = { ...separate, placement: 'per-layout' };

/** A chart component `db` with hook groups pre-install, main and post-install, as §1.7 shows it. */
function chart(hookGroups = ['shop-db-00-pre-install', 'shop-db-01-main', 'shop-db-02-post-install'], extra: Partial<ComponentLayout> = {}): ComponentLayout {
  return { component: 'db', hookGroups: hookGroups.map((name) => ({ name, objects: [{ object: configMap(`${name}-object`), delivery: [] }] })), ...extra };
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (!isKurelError(error)) throw error;
    return formatDiagnostic(error.diagnostics[0]);
  }
  throw new Error('expected a refusal');
}

const spec = (plan: ReturnType<typeof planFluxLayout>, file: string) => parse(plan.files.get(file)!).spec;

describe('unitLayoutName: the per-layout default, held to 63 characters', () => {
  it('keeps a name that fits', () => {
    expect(unitLayoutName('shop-infra', 'db')).toBe('shop-infra-db');
    expect(unitLayoutName('web', 'n'.repeat(55))).toBe(`web-${'n'.repeat(55)}`);
  });

  it('reproduces kure\'s pinned vectors', () => {
    expect(unitLayoutName('platform-services-payments', 'checkout-service-payments-reconciler-worker')).toBe('platform-s-7365aca5-checkout-service-payments-reconciler-worker');
    expect(unitLayoutName('platform-services-payments', 'checkout-service-payments-reconciler-worker-pre-install-hooks-schema-migrate')).toBe(
      'checkout-service-payments-reconciler-worker-pre-instal-5c8f049d',
    );
  });

  it('never exceeds 63 and stays a valid name', () => {
    for (const [unit, name] of [['a'.repeat(60), 'b'.repeat(10)], ['u', 'x'.repeat(70)], ['unit-', 'n'.repeat(53)]]) {
      const shortened = unitLayoutName(unit, name);
      expect(shortened.length).toBeLessThanOrEqual(63);
      expect(kustomizationNameProblem(shortened)).toBeUndefined();
    }
  });
});

describe('planFluxLayout', () => {
  it('writes kustomization.yaml with the fixed header, and resources: [] when it lists nothing', () => {
    expect(kustomizationFileText([])).toBe('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: []\n');
    const plan = planFluxLayout({ bundle: bundle('shop'), groups: [bundle('shop-apps', ['web'])] }, separate);
    expect(plan.files.get('shop/kustomization.yaml')).toBe(kustomizationFileText([]));
  });

  it('names object files <namespace or cluster>-<kind>-<name>.yaml and writes the delivery intents as Flux annotations', () => {
    expect(objectFileName({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' } })).toBe('cluster-clusterrole-reader.yaml');
    const object: K8sObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'shop', annotations: { team: 'x' } } };
    const text = objectFileText({ object, delivery: ['prune-protection', 'force-replace'] }, FLUX_INTENT_ANNOTATIONS);
    expect(parse(text).metadata.annotations).toEqual({ team: 'x', 'kustomize.toolkit.fluxcd.io/prune': 'disabled', 'kustomize.toolkit.fluxcd.io/force': 'enabled' });
    expect(object.metadata.annotations).toEqual({ team: 'x' });
  });

  it('refuses a bundle or group name no Flux Kustomization can take, naming the bundle and what to set', () => {
    const long = `shop-${'x'.repeat(60)}`;
    expect(refusal(() => planFluxLayout({ bundle: bundle('shop'), groups: [bundle(long, ['a'])] }, separate))).toBe(
      `bundle "cluster/shop/${long}": Kustomization name "${long}": it is 65 characters long, and a Flux Kustomization name is at most 63; set the Naming hook's answer for role "group"`,
    );
  });

  it('refuses, under separate, a bundle whose folder is the one the Kustomizations go in', () => {
    expect(refusal(() => planFluxLayout({ bundle: bundle('flux-system', ['a']), groups: [] }, separate))).toMatch(/^bundle "cluster\/flux-system": its folder is the one the separate placement keeps/);
    expect(planFluxLayout({ bundle: bundle('flux-system', ['a']), groups: [] }, perLayout).files.has('flux-system/shop-configmap-a.yaml')).toBe(true);
  });

  it('places a component layout under separate as a plain folder its bundle lists and its bundle\'s Kustomization applies', () => {
    const plan = planFluxLayout({ bundle: bundle('shop'), groups: [bundle('shop-infra', ['config'], [chart(['shop-db-00-main'])])] }, separate);
    expect(plan.files.get('shop/shop-infra/kustomization.yaml')).toBe(kustomizationFileText(['shop-configmap-config.yaml', 'db']));
    expect(plan.files.get('shop/shop-infra/db/kustomization.yaml')).toBe(kustomizationFileText(['shop-configmap-shop-db-00-main-object.yaml']));
    expect(plan.kustomizations.map((k) => k.name)).toEqual(['shop', 'shop-infra']);
    expect(plan.folders.find((folder) => folder.path === 'cluster/shop/shop-infra/db')?.appliedBy).toBe('shop-infra');
  });

  it('refuses hook groups under separate, with the reason', () => {
    expect(refusal(() => planFluxLayout({ bundle: bundle('shop'), groups: [bundle('shop-infra', [], [chart()])] }, separate))).toBe(
      'layout "cluster/shop/shop-infra/db": component "db" renders 3 hook groups, which are applied in order by Kustomizations chained with dependsOn; only --placement per-layout writes a Kustomization per layout',
    );
  });

  it('chains hook groups under per-layout, as §1.7\'s chart variant shows', () => {
    const plan = planFluxLayout({ bundle: bundle('shop'), groups: [bundle('shop-infra', [], [chart()]), bundle('shop-apps', ['web'])] }, perLayout);
    expect(plan.files.get('shop/shop-infra/kustomization.yaml')).toBe(kustomizationFileText(['flux-system-kustomization-shop-infra-db.yaml']));
    expect(spec(plan, 'shop/shop-infra/flux-system-kustomization-shop-infra-db.yaml').path).toBe('cluster/shop/shop-infra/db');
    expect(plan.files.get('shop/shop-infra/db/kustomization.yaml')).toBe(
      kustomizationFileText([
        'flux-system-kustomization-shop-infra-shop-db-00-pre-install.yaml',
        'flux-system-kustomization-shop-infra-shop-db-01-main.yaml',
        'flux-system-kustomization-shop-infra-shop-db-02-post-install.yaml',
      ]),
    );
    expect(spec(plan, 'shop/shop-infra/db/flux-system-kustomization-shop-infra-shop-db-00-pre-install.yaml').dependsOn).toBeUndefined();
    expect(spec(plan, 'shop/shop-infra/db/flux-system-kustomization-shop-infra-shop-db-01-main.yaml').dependsOn).toEqual([{ name: 'shop-infra-shop-db-00-pre-install' }]);
    const last = spec(plan, 'shop/shop-infra/db/flux-system-kustomization-shop-infra-shop-db-02-post-install.yaml');
    expect(last).toMatchObject({ dependsOn: [{ name: 'shop-infra-shop-db-01-main' }], path: 'cluster/shop/shop-infra/db/shop-db-02-post-install' });
    expect(plan.files.get('shop/shop-infra/db/shop-db-01-main/kustomization.yaml')).toBe(kustomizationFileText(['shop-configmap-shop-db-01-main-object.yaml']));
    // The umbrella checks its groups only: a component's layout is no bundle.
    expect(spec(plan, 'flux-system-kustomization-shop.yaml').healthChecks.map((check: { name: string }) => check.name)).toEqual(['shop-infra', 'shop-apps']);
  });

  it('uses a name set on the layout or its hook groups as written', () => {
    const layout = chart(['migrate-00-pre-install', 'migrate-01-main'], { kustomizationName: 'db-chart' });
    layout.hookGroups.forEach((group) => (group.named = true));
    const plan = planFluxLayout({ bundle: bundle('shop', [], [layout]), groups: [] }, perLayout);
    expect(plan.kustomizations.map((k) => k.name)).toEqual(['shop', 'db-chart', 'migrate-00-pre-install', 'migrate-01-main']);
  });

  it('shortens a long per-layout default with unitLayoutName', () => {
    const unit = 'platform-services-payments';
    const layout: ComponentLayout = { component: 'checkout-service-payments-reconciler-worker', hookGroups: [{ name: 'x', objects: [{ object: configMap('a'), delivery: [] }] }] };
    const plan = planFluxLayout({ bundle: bundle(unit, [], [layout]), groups: [] }, perLayout);
    expect(plan.kustomizations[1].name).toBe('platform-s-7365aca5-checkout-service-payments-reconciler-worker');
  });

  it('refuses one Kustomization name used twice in the tree, naming both owners', () => {
    const tree: LayoutTree = { bundle: bundle('shop', [], [{ component: 'infra', hookGroups: [] }]), groups: [bundle('shop-infra', ['a'])] };
    expect(refusal(() => planFluxLayout(tree, perLayout))).toBe(
      'Kustomization name "shop-infra" is used by both layout "cluster/shop/infra" and bundle "cluster/shop/shop-infra"; give one of them another name',
    );
  });

  it('refuses a Flux Kustomization the application emits under a name the tree generates', () => {
    const emitted: K8sObject = { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name: 'shop-apps', namespace: 'flux-system' }, spec: {} };
    const tree: LayoutTree = { bundle: { ...bundle('shop'), objects: [{ object: emitted, delivery: [] }] }, groups: [bundle('shop-apps', ['a'])] };
    expect(refusal(() => planFluxLayout(tree, separate))).toBe(
      'Kustomization "flux-system/shop-apps" is both generated for bundle "cluster/shop/shop-apps" and emitted by the application into layout "cluster/shop"; give one of them another name',
    );
  });

  it('puts the tree under the top folder --cluster-dir names', () => {
    expect(topDirectory(undefined)).toBe('cluster');
    expect(topDirectory('clusters/eu')).toBe('clusters/eu');
    expect(topDirectory('/prod/')).toBe('prod');
    expect(topDirectory('/')).toBe('.');
    expect(topDirectory('.')).toBe('.');
    expect(refusal(() => topDirectory('../x'))).toBe('--cluster-dir "../x": must not contain "..": the tree stays inside the output folder');
    expect(refusal(() => topDirectory(''))).toBe('--cluster-dir requires a non-empty path');
    // One bootstrap path per environment; --cluster-dir still decides where it is given.
    expect(topDirectory(undefined, 'staging')).toBe('clusters/staging');
    expect(topDirectory('eu', 'staging')).toBe('eu');
    expect(refusal(() => topDirectory(undefined, 'a/b'))).toContain('--environment "a/b": the tree\'s top folder is clusters/<environment>');
    expect(refusal(() => topDirectory(undefined, '..'))).toContain('this name is no folder name');
    const plan = planFluxLayout({ bundle: bundle('shop', ['a']), groups: [] }, { ...separate, clusterDir: '.' });
    expect([...plan.files.keys()].sort()).toEqual(['flux-system/flux-system-kustomization-shop.yaml', 'flux-system/kustomization.yaml', 'kustomization.yaml', 'shop/kustomization.yaml', 'shop/shop-configmap-a.yaml']);
    expect(spec(plan, 'flux-system/flux-system-kustomization-shop.yaml').path).toBe('shop');
  });

  it('puts the Kustomizations in the Flux namespace the config names, their source too unless it names one', () => {
    const plan = planFluxLayout({ bundle: bundle('shop', ['a']), groups: [] }, { ...separate, fluxNamespace: 'gitops' });
    const object = parse(plan.files.get('flux-system/gitops-kustomization-shop.yaml')!);
    expect(object.metadata.namespace).toBe('gitops');
    expect(object.spec.sourceRef).toEqual({ kind: 'GitRepository', name: 'flux-system', namespace: 'gitops' });
  });
});

describe('parseSourceRef', () => {
  it('defaults to what flux bootstrap creates, and reads KIND/NAME[.NAMESPACE]', () => {
    expect(parseSourceRef(undefined)).toEqual({ kind: 'GitRepository', name: 'flux-system' });
    expect(parseSourceRef('OCIRepository/platform.flux-apps')).toEqual({ kind: 'OCIRepository', name: 'platform', namespace: 'flux-apps' });
    expect(parseSourceRef('Bucket/artifacts')).toEqual({ kind: 'Bucket', name: 'artifacts' });
  });

  it('refuses what is not a Flux source reference', () => {
    expect(refusal(() => parseSourceRef('flux-system'))).toBe('--source-ref "flux-system": expected KIND/NAME[.NAMESPACE], e.g. GitRepository/flux-system');
    expect(refusal(() => parseSourceRef('HelmRepository/charts'))).toMatch(/KIND is one of GitRepository, OCIRepository, Bucket, ExternalArtifact$/);
    expect(refusal(() => parseSourceRef('GitRepository/Repo'))).toMatch(/"Repo" is not a valid DNS-1123 subdomain$/);
  });
});

describe('layoutTree', () => {
  const job = configMap('migrate');
  const service = configMap('status');
  const chartApplication = (hookGroupPrefix?: string) =>
    ({
      name: 'status',
      owner: 'status',
      members: [
        {
          component: { name: 'status' },
          objects: [job, service],
          chart: {
            chart: 'status-page',
            release: 'status',
            ...(hookGroupPrefix ? { hookGroupPrefix } : {}),
            hookGroups: [
              { name: `${hookGroupPrefix ?? 'shop-status'}-00-pre-install`, phase: 'pre-install', weight: 0, objects: [{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'migrate', template: 't/a.yaml' }] },
              { name: `${hookGroupPrefix ?? 'shop-status'}-01-main`, phase: '', weight: 0, objects: [{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'status', template: 't/b.yaml' }] },
            ],
          },
        },
      ],
      subApplications: [],
      delivery: ['prune-protection'],
    }) as unknown as Application;
  const generated = (objects: K8sObject[]): GeneratedObject[] => objects.map((object) => ({ object, producer: '', component: 'status', source: { application: 0, name: 'status' } }));

  it('takes a chart\'s objects into its component\'s layout, one group per hook group, with the application\'s delivery intents', () => {
    const tree = layoutTree([{ name: 'shop', applications: [chartApplication()] }], generated([job, service]));
    expect(tree.bundle.objects).toEqual([]);
    expect(tree.bundle.componentLayouts).toEqual([
      {
        component: 'status',
        hookGroups: [
          { name: 'shop-status-00-pre-install', objects: [{ object: job, delivery: ['prune-protection'] }] },
          { name: 'shop-status-01-main', objects: [{ object: service, delivery: ['prune-protection'] }] },
        ],
      },
    ]);
  });

  it('marks hook groups named by a written prefix, whose Kustomizations take their names as written', () => {
    const tree = layoutTree([{ name: 'shop', applications: [chartApplication('db-hooks')] }], generated([job, service]));
    expect(tree.bundle.componentLayouts[0].hookGroups.map((group) => [group.name, group.named])).toEqual([
      ['db-hooks-00-pre-install', true],
      ['db-hooks-01-main', true],
    ]);
  });
});
