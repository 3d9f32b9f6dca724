import { describe, expect, it } from 'vitest';
import type { WorkComponent } from '../../../src/engine/model.js';
import { own } from '../../../src/engine/ownership/own.js';
import type { Application } from '../../../src/engine/model.js';
import { type K8sObject } from '../../../src/plugin-api/index.js';
import { componentLabelValue } from '../../../src/plugin-api/kit/index.js';
import { firstDiagnostic, plugin, registryOf } from './support.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

// The kinds' declared pod templates and metadata holders, as the built-ins' registry answers them.
const LAYOUTS = registryOf(SOURCE_BUILTINS);

const KEY = 'launcher.gokure.dev/component';
type Json = Record<string, any>;

function object(kind: string, name: string, extra: Json = {}, apiVersion = 'v1'): K8sObject {
  return { apiVersion, kind, metadata: { name, namespace: 'shop', labels: { app: name } }, ...extra };
}

function application(name: string, objects: K8sObject[], options: { owner?: string; sub?: K8sObject[] } = {}): Application {
  return {
    name,
    owner: options.owner ?? name,
    labelValue: componentLabelValue(name),
    members: [{ component: { name, origin: { rule: 'component/role@v1alpha1' } } as WorkComponent, objects }],
    subApplications: options.sub ? [{ name: `${name}-sub`, traitType: 'secret', objects: options.sub }] : [],
  };
}

const podSpec = () => ({ containers: [{ name: 'c', image: 'i:1' }] });
const deployment = (name: string, spec: Json) => object('Deployment', name, { spec }, 'apps/v1');
const refusedBy = (apps: Application[], key = KEY) => firstDiagnostic(() => own(apps, key, LAYOUTS));

describe('ownership: writing the component label', () => {
  it('labels every object an application owns, sub-applications included, keeping other labels', () => {
    const service = object('Service', 'web');
    const config = object('ConfigMap', 'web-cfg');
    own([application('web', [service], { sub: [config] })], KEY, LAYOUTS);
    expect(service.metadata.labels).toEqual({ app: 'web', [KEY]: 'web' });
    expect(config.metadata.labels).toEqual({ app: 'web-cfg', [KEY]: 'web' });
  });

  it('labels the pod template of a Deployment and of a Job without metadata, and a PodTemplate', () => {
    const web = deployment('web', { template: { metadata: { labels: { app: 'web' } }, spec: podSpec() } });
    const job = object('Job', 'migrate', { spec: { template: { spec: podSpec() } } }, 'batch/v1');
    const template = object('PodTemplate', 'tpl', { template: { spec: podSpec() } });
    own([application('web', [web, job, template])], KEY, LAYOUTS);
    expect((web.spec as Json).template.metadata.labels).toEqual({ app: 'web', [KEY]: 'web' });
    expect((job.spec as Json).template.metadata.labels).toEqual({ [KEY]: 'web' });
    expect((template.template as Json).metadata.labels).toEqual({ [KEY]: 'web' });
  });

  it('labels a CronJob, its jobTemplate and the jobTemplate pod template', () => {
    const cronjob = object('CronJob', 'nightly', { spec: { jobTemplate: { spec: { template: { spec: podSpec() } } } } }, 'batch/v1');
    own([application('nightly', [cronjob])], KEY, LAYOUTS);
    const spec = cronjob.spec as Json;
    expect(cronjob.metadata.labels).toEqual({ app: 'nightly', [KEY]: 'nightly' });
    expect(spec.jobTemplate.metadata.labels).toEqual({ [KEY]: 'nightly' });
    expect(spec.jobTemplate.spec.template.metadata.labels).toEqual({ [KEY]: 'nightly' });
  });

  it("leaves a kind of another group alone: a custom resource's template is not a pod template", () => {
    const custom = object('Deployment', 'web', { spec: { template: { metadata: {} } } }, 'example.com/v1');
    own([application('web', [custom])], KEY, LAYOUTS);
    expect((custom.spec as Json).template.metadata.labels).toBeUndefined();
  });

  it('writes a map of its own, so a selector sharing the template labels never gains the key', () => {
    const shared = { app: 'web' };
    const web = deployment('web', { selector: { matchLabels: shared }, template: { metadata: { labels: shared }, spec: podSpec() } });
    own([application('web', [web])], KEY, LAYOUTS);
    expect((web.spec as Json).selector.matchLabels).toEqual({ app: 'web' });
    expect((web.spec as Json).template.metadata.labels).toEqual({ app: 'web', [KEY]: 'web' });
  });

  it('uses the owner: an entry a rule emitted under another name carries its component value', () => {
    const pooler = object('Pooler', 'db-pooler', {}, 'postgresql.cnpg.io/v1');
    own([application('db-pooler', [pooler], { owner: 'db' })], KEY, LAYOUTS);
    expect(pooler.metadata.labels?.[KEY]).toBe('db');
  });

  it('uses the projected label value of a long component name, and the configured key', () => {
    const name = 'n'.repeat(70);
    const config = object('ConfigMap', 'short');
    own([application(name, [config])], 'platform.example/owner', LAYOUTS);
    expect(config.metadata.labels?.['platform.example/owner']).toBe(componentLabelValue(name));
    expect(config.metadata.labels?.['platform.example/owner']).toHaveLength(63);
  });

  it('writes nothing on what the document as a whole owns, and holds it to nothing', () => {
    const source = object('HelmRepository', 'charts', { metadata: { name: 'charts', labels: { [KEY]: 'anything' } } }, 'source.toolkit.fluxcd.io/v1');
    own([application('charts', [source], { owner: '' })], KEY, LAYOUTS);
    expect(source.metadata.labels).toEqual({ [KEY]: 'anything' });
  });

  it('labels each member of a list envelope beside the envelope, recursively through Lists and one level otherwise', () => {
    const inner = { apiVersion: 'v1', kind: 'ConfigMapList', items: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }] };
    const plain = { apiVersion: 'v1', kind: 'Bag', items: [{ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'b' }, items: [{ kind: 'Deep', metadata: { name: 'c' } }] }] };
    const list = { apiVersion: 'v1', kind: 'List', metadata: { name: '' }, items: [inner, plain] } as unknown as K8sObject;
    own([application('web', [list])], KEY, LAYOUTS);
    expect(list.metadata.labels).toEqual({ [KEY]: 'web' });
    expect((inner.items[0] as Json).metadata.labels).toEqual({ [KEY]: 'web' });
    expect((plain.items[0] as Json).metadata.labels).toEqual({ [KEY]: 'web' });
    expect((plain.items[0] as Json).items[0].metadata.labels).toBeUndefined();
  });
});

describe('ownership: the HelmRelease post-renderer', () => {
  const release = (postRenderers?: unknown) =>
    object('HelmRelease', 'redis', { spec: { interval: '1h', ...(postRenderers === undefined ? {} : { postRenderers }) } }, 'helm.toolkit.fluxcd.io/v2');

  it('appends one post-renderer after the authored ones, one patch per pod kind in its own group', () => {
    const authored = { kustomize: { images: [{ name: 'nginx', newTag: '1.27' }] } };
    const helm = release([authored]);
    own([application('redis', [helm])], KEY, LAYOUTS);
    const renderers = (helm.spec as Json).postRenderers;
    expect(renderers).toHaveLength(2);
    expect(renderers[0]).toEqual(authored);
    const patches = renderers[1].kustomize.patches as Array<{ patch: string; target: Record<string, string> }>;
    expect(patches.map((entry) => `${entry.target.group}/${entry.target.version}/${entry.target.kind}`)).toEqual([
      'apps/v1/Deployment',
      'apps/v1/StatefulSet',
      'apps/v1/DaemonSet',
      'batch/v1/Job',
      'batch/v1/CronJob',
      'apps/v1/ReplicaSet',
      '^$/v1/ReplicationController',
      '^$/v1/PodTemplate',
      '^$/v1/Pod',
    ]);
    expect(patches[0].patch).toBe('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: component-label\nspec:\n  template:\n    metadata:\n      labels:\n        launcher.gokure.dev/component: redis\n');
    expect(patches[8].patch).toBe('apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    launcher.gokure.dev/component: redis\n  name: component-label\n');
  });

  it('adds it once, however often the objects are owned', () => {
    const helm = release();
    own([application('redis', [helm])], KEY, LAYOUTS);
    own([application('redis', [helm])], KEY, LAYOUTS);
    expect((helm.spec as Json).postRenderers).toHaveLength(1);
  });

  it('gives a HelmRelease inside a list envelope its post-renderer, and none to a HelmRelease of another group', () => {
    const member = release();
    const other = object('HelmRelease', 'x', { spec: {} }, 'example.com/v1');
    own([application('redis', [{ apiVersion: 'v1', kind: 'List', metadata: { name: '' }, items: [member] } as unknown as K8sObject, other])], KEY, LAYOUTS);
    expect((member.spec as Json).postRenderers).toHaveLength(1);
    expect((other.spec as Json).postRenderers).toBeUndefined();
  });

  it('refuses postRenderers that are no list', () => {
    const diagnostic = refusedBy([application('redis', [release({ kustomize: {} })])]);
    expect(diagnostic.message).toBe('component label: HelmRelease "redis": spec.postRenderers is a map, not a list');
  });
});

describe('ownership: post-renderers where a kind declares them', () => {
  const workload = { apiVersion: 'apps/v1', kind: 'Deployment', podTemplate: { path: ['spec', 'template'], selector: ['spec', 'selector'] } };

  it('the built-in HelmRelease kind declares where its post-renderers are', () => {
    expect(LAYOUTS.objectLayout('helm.toolkit.fluxcd.io', 'HelmRelease')?.postRenderers).toEqual(['spec', 'postRenderers']);
  });

  it('gives no HelmRelease a post-renderer in a registry that declares none for it: the engine knows no kind by name', () => {
    const layouts = registryOf([plugin('acme', { objectKinds: [workload] })]);
    const helm = object('HelmRelease', 'redis', { spec: { interval: '1h' } }, 'helm.toolkit.fluxcd.io/v2');
    own([application('redis', [helm])], KEY, layouts);
    expect((helm.spec as Json).postRenderers).toBeUndefined();
  });

  it("gives any kind that declares them a post-renderer at its own path, patching the registry's pod kinds", () => {
    const layouts = registryOf([plugin('acme', { objectKinds: [workload, { apiVersion: 'charts.acme.example/v1', kind: 'ChartRun', postRenderers: ['spec', 'render', 'post'] }] })]);
    const run = object('ChartRun', 'redis', {}, 'charts.acme.example/v1');
    own([application('redis', [run])], KEY, layouts);
    const renderers = ((run.spec as Json).render as Json).post;
    expect(renderers).toHaveLength(1);
    expect(renderers[0].kustomize.patches.map((entry: { target: Record<string, string> }) => entry.target)).toEqual([{ group: 'apps', version: 'v1', kind: 'Deployment' }]);
    const refused = firstDiagnostic(() => own([application('redis', [object('ChartRun', 'x', { spec: { render: { post: 'all' } } }, 'charts.acme.example/v1')])], KEY, layouts));
    expect(refused.message).toBe('component label: ChartRun "x": spec.render.post is a string, not a list');
  });
});

describe('ownership: the label is authoritative', () => {
  it('refuses another value on a pod template, with the reference text', () => {
    const web = deployment('web', { template: { metadata: { labels: { [KEY]: 'db' } }, spec: podSpec() } });
    const diagnostic = refusedBy([application('web', [web])]);
    expect(diagnostic).toMatchObject({ code: 'KUREL_COMPONENT_LABEL', refusal: 'foreign-value', component: 'web' });
    expect(diagnostic.message).toBe(
      'Deployment "web": spec.template.metadata.labels["launcher.gokure.dev/component"]: "db" is not the component label of component "web" ("web"): launcher sets that label on everything the component generates, and the NetworkPolicies generated for the component select by it; remove the label, or write that value',
    );
  });

  it('accepts the value that is the component’s, and reads a null value as the empty string', () => {
    const ok = object('ConfigMap', 'web', { metadata: { name: 'web', labels: { [KEY]: 'web' } } });
    expect(() => own([application('web', [ok])], KEY, LAYOUTS)).not.toThrow();
    const empty = object('ConfigMap', 'web', { metadata: { name: 'web', labels: { [KEY]: null } } });
    expect(refusedBy([application('web', [empty])]).message).toContain('metadata.labels["launcher.gokure.dev/component"]: "" is not the component label');
  });

  it.each([
    ['a CronJob job template', object('CronJob', 'n', { spec: { jobTemplate: { metadata: { labels: { [KEY]: 'x' } } } } }, 'batch/v1'), 'spec.jobTemplate.metadata.labels'],
    ['a Cluster inheritedMetadata', object('Cluster', 'db', { spec: { inheritedMetadata: { labels: { [KEY]: 'x' } } } }, 'postgresql.cnpg.io/v1'), 'spec.inheritedMetadata.labels'],
    ['a Pooler pod template', object('Pooler', 'p', { spec: { template: { metadata: { labels: { [KEY]: 'x' } } } } }, 'postgresql.cnpg.io/v1'), 'spec.template.metadata.labels'],
    ['a Prometheus podMetadata', object('Prometheus', 'p', { spec: { podMetadata: { labels: { [KEY]: 'x' } } } }, 'monitoring.coreos.com/v1'), 'spec.podMetadata.labels'],
    ['a VolSync mover', object('ReplicationSource', 'r', { spec: { restic: { moverPodLabels: { [KEY]: 'x' } } } }, 'volsync.backube/v1alpha1'), 'spec.restic.moverPodLabels'],
    ['a ReplicationSource Syncthing mover', object('ReplicationSource', 'r', { spec: { syncthing: { moverPodLabels: { [KEY]: 'x' } } } }, 'volsync.backube/v1alpha1'), 'spec.syncthing.moverPodLabels'],
    ['a ReplicationDestination rsyncTLS mover', object('ReplicationDestination', 'r', { spec: { rsyncTLS: { moverPodLabels: { [KEY]: 'x' } } } }, 'volsync.backube/v1alpha1'), 'spec.rsyncTLS.moverPodLabels'],
    [
      'an HTTP01 Gateway solver pod template',
      object('Issuer', 'le', { spec: { acme: { solvers: [{ http01: { gatewayHTTPRoute: { podTemplate: { metadata: { labels: { [KEY]: 'x' } } } } } }] } } }, 'cert-manager.io/v1'),
      'spec.acme.solvers[0].http01.gatewayHTTPRoute.podTemplate.metadata.labels',
    ],
    [
      'an HTTP01 solver pod template',
      object('ClusterIssuer', 'le', { spec: { acme: { solvers: [{ dns01: {} }, { http01: { ingress: { podTemplate: { metadata: { labels: { [KEY]: 'x' } } } } } }] } } }, 'cert-manager.io/v1'),
      'spec.acme.solvers[1].http01.ingress.podTemplate.metadata.labels',
    ],
    ['a Gateway infrastructure', object('Gateway', 'g', { spec: { infrastructure: { labels: { [KEY]: 'x' } } } }, 'gateway.networking.k8s.io/v1'), 'spec.infrastructure.labels'],
    ['a Kustomization commonMetadata', object('Kustomization', 'k', { spec: { commonMetadata: { labels: { [KEY]: 'x' } } } }, 'kustomize.toolkit.fluxcd.io/v1'), 'spec.commonMetadata.labels'],
    ['a ResourceSet commonMetadata', object('ResourceSet', 'r', { spec: { commonMetadata: { labels: { [KEY]: 'x' } } } }, 'fluxcd.controlplane.io/v1'), 'spec.commonMetadata.labels'],
  ])('reads %s', (_, refused, path) => {
    expect(refusedBy([application('web', [refused])]).message).toContain(`": ${path}["${KEY}"]: "x" is not the component label of component "web"`);
  });

  it.each([
    ['a StatefulSet volume claim template', object('StatefulSet', 's', { spec: { volumeClaimTemplates: [{ metadata: { labels: { [KEY]: 'x' } } }] } }, 'apps/v1')],
    ['an ArtifactGenerator commonMetadata', object('ArtifactGenerator', 'a', { spec: { commonMetadata: { labels: { [KEY]: 'x' } } } }, 'source.extensions.fluxcd.io/v1beta1')],
    ['a Prometheus storage claim template', object('Prometheus', 'p', { spec: { storage: { volumeClaimTemplate: { metadata: { labels: { [KEY]: 'x' } } } } } }, 'monitoring.coreos.com/v1')],
    ['a Certificate secretTemplate', object('Certificate', 'c', { spec: { secretTemplate: { labels: { [KEY]: 'x' } } } }, 'cert-manager.io/v1')],
    ['a FluxInstance commonMetadata', object('FluxInstance', 'f', { spec: { commonMetadata: { labels: { [KEY]: 'x' } } } }, 'fluxcd.controlplane.io/v1')],
    // VolSync's CRDs have no moverPodLabels there: the ReplicationDestination has no Syncthing mover, and the external mover runs no pod of VolSync's.
    ['a ReplicationDestination syncthing field', object('ReplicationDestination', 'r', { spec: { syncthing: { moverPodLabels: { [KEY]: 'x' } } } }, 'volsync.backube/v1alpha1')],
    ['an external mover', object('ReplicationSource', 'r', { spec: { external: { moverPodLabels: { [KEY]: 'x' } } } }, 'volsync.backube/v1alpha1')],
  ])('does not read %s', (_, kept) => {
    expect(() => own([application('web', [kept])], KEY, LAYOUTS)).not.toThrow();
  });

  it('refuses a member of a list envelope holding another value, naming the member', () => {
    const list = { apiVersion: 'v1', kind: 'List', metadata: { name: '' }, items: [object('Secret', 's', { metadata: { name: 's', labels: { [KEY]: 'db' } } })] } as unknown as K8sObject;
    expect(refusedBy([application('web', [list])]).message).toMatch(/^Secret "s": metadata\.labels\["launcher\.gokure\.dev\/component"\]: "db" is not/);
  });

  it('refuses labels that are no map, and a list item that is no object', () => {
    const listed = object('ConfigMap', 'c', { metadata: { name: 'c', labels: ['a'] } });
    expect(refusedBy([application('web', [listed])]).message).toBe('component label: ConfigMap "c": metadata.labels is a list, not a map');
    const list = { apiVersion: 'v1', kind: 'List', metadata: { name: 'l' }, items: ['text'] } as unknown as K8sObject;
    expect(refusedBy([application('web', [list])]).message).toBe('component label: List "l": an item of items is a string, not a map');
  });

  it('refuses a label that is no string, whatever its key, as an object it cannot read', () => {
    const diagnostic = refusedBy([application('web', [object('ConfigMap', 'c', { metadata: { name: 'c', labels: { tier: 3 } } })])]);
    expect(diagnostic).toMatchObject({ code: 'KUREL_UNREADABLE_OBJECT', message: 'component label: ConfigMap "c": metadata.labels["tier"] is a number, not a string' });
  });
});

describe("ownership: a workload's own selector", () => {
  const template = (labels: Json = { app: 'web' }) => ({ metadata: { labels }, spec: podSpec() });

  it('refuses a matchLabels entry requiring another value', () => {
    const diagnostic = refusedBy([application('web', [deployment('web', { selector: { matchLabels: { [KEY]: 'db' } }, template: template() })])]);
    expect(diagnostic).toMatchObject({ code: 'KUREL_COMPONENT_LABEL', refusal: 'selector-requires-another' });
    expect(diagnostic.message).toBe(
      'Deployment "web": spec.selector.matchLabels["launcher.gokure.dev/component"]: the selector requires "db" under "launcher.gokure.dev/component", which is not the component label of component "web" ("web"): launcher sets that label on everything the component generates, and the NetworkPolicies generated for the component select by it, so the pods the selector matches could not carry it; take the key out of the selector, or require that value',
    );
  });

  it("refuses an In expression without the component's value, and a ReplicationController's map entry", () => {
    const inExpression = deployment('web', { selector: { matchExpressions: [{ key: KEY, operator: 'In', values: ['a', 'b'] }] }, template: template() });
    expect(refusedBy([application('web', [inExpression])]).message).toContain('spec.selector.matchExpressions[0]: the selector requires one of "a", "b" under');
    const rc = object('ReplicationController', 'rc', { spec: { selector: { [KEY]: 'db' }, template: template() } });
    expect(refusedBy([application('web', [rc])]).message).toContain('ReplicationController "rc": spec.selector["launcher.gokure.dev/component"]: the selector requires "db"');
    const holds = deployment('web', { selector: { matchExpressions: [{ key: KEY, operator: 'In', values: ['a', 'web'] }] }, template: template() });
    expect(() => own([application('web', [holds])], KEY, LAYOUTS)).not.toThrow();
  });

  it('refuses a selector that rules the label out of a template carrying none', () => {
    const doesNotExist = deployment('web', { selector: { matchExpressions: [{ key: KEY, operator: 'DoesNotExist' }] }, template: template() });
    const diagnostic = refusedBy([application('web', [doesNotExist])]);
    expect(diagnostic).toMatchObject({ code: 'KUREL_COMPONENT_LABEL', refusal: 'selector-rules-out' });
    expect(diagnostic.message).toBe(
      'Deployment "web": spec.selector.matchExpressions[0]: its DoesNotExist rules the component label of component "web" ("launcher.gokure.dev/component": "web") out of a pod template that carries none: launcher sets that label on everything the component generates, and the NetworkPolicies generated for the component select by it, and the selector would no longer match the pod template; take the label out of the selector',
    );
    const cron = object('CronJob', 'n', { spec: { jobTemplate: { spec: { selector: { matchExpressions: [{ key: KEY, operator: 'NotIn', values: ['web'] }] }, template: template() } } } }, 'batch/v1');
    expect(refusedBy([application('web', [cron])]).message).toContain('CronJob "n": spec.jobTemplate.spec.selector.matchExpressions[0]: its NotIn holding "web" rules the component label');
  });

  it('does not refuse a NotIn of another value, or a selector that does not match the template anyway', () => {
    const other = deployment('web', { selector: { matchExpressions: [{ key: KEY, operator: 'NotIn', values: ['db'] }] }, template: template() });
    const unmatched = deployment('web', { selector: { matchLabels: { app: 'api' }, matchExpressions: [{ key: KEY, operator: 'DoesNotExist' }] }, template: template() });
    expect(() => own([application('web', [other, unmatched])], KEY, LAYOUTS)).not.toThrow();
  });

  it('refuses a selector it cannot read, as no component label refusal', () => {
    const diagnostic = refusedBy([application('web', [deployment('web', { selector: { matchLabels: { app: 1 } }, template: template() })])]);
    expect(diagnostic).toMatchObject({ code: 'KUREL_UNREADABLE_OBJECT', message: 'component label: Deployment "web": spec.selector.matchLabels: matchLabels is no map of strings' });
    expect(refusedBy([application('web', [deployment('web', { selector: 'app=web', template: template() })])]).message).toBe('component label: Deployment "web": spec.selector: the selector is no object');
  });
});

describe('ownership: under the key app', () => {
  it("accepts a renamed entry's own value on its objects, and no other component's", () => {
    const entryObject = object('ConfigMap', 'db-pooler');
    own([application('db', []), application('db-pooler', [entryObject], { owner: 'db' })], 'app', LAYOUTS);
    expect(entryObject.metadata.labels).toEqual({ app: 'db-pooler' });
    const foreign = object('ConfigMap', 'x', { metadata: { name: 'x', labels: { app: 'other' } } });
    expect(refusedBy([application('db-pooler', [foreign], { owner: 'db' })], 'app').message).toContain('"other" is not the component label of component "db" ("db")');
  });

  it("refuses an entry emitted under another component's label value", () => {
    const diagnostic = refusedBy([application('web', []), application('web', [], { owner: 'db' })], 'app');
    expect(diagnostic).toMatchObject({ code: 'KUREL_COMPONENT_LABEL', refusal: 'of-another-component' });
    expect(diagnostic.message).toBe(
      'component "db": lowering rule component/role@v1alpha1 emitted entry "web", whose label value "web" under the component label key "app" is the component label of component "web": the pods of both would carry it, and the NetworkPolicies generated for either would select them; rename one of the two',
    );
  });
});
