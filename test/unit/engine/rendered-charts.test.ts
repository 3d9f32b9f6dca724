import { describe, expect, it } from 'vitest';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { buildFetching, type ChartRenderRequest } from '../../../src/engine/build.js';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { formatChains } from '../../../src/engine/explain.js';
import { registryOf } from './support.js';

// A chart rendered at build time, through the engine with a stand-in for the host's helm: what
// the engine asks the host to render, and what it makes of the text it gets back.

const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);
const repo = 'https://charts.example.com';

const doc = (template: string, body: string) => `---\n# Source: chart/templates/${template}\n${body}\n`;
const HOOKED = doc('a.yaml', 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n  annotations: {helm.sh/hook: pre-install}\nspec: {}');
const PLAIN = doc('b.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\ndata: {a: "1"}');

async function buildChart(components: string, rendered: string | ((request: ChartRenderRequest) => string) = HOOKED + PLAIN) {
  const asked: ChartRenderRequest[] = [];
  const text = ['apiVersion: launcher.gokure.dev/v1alpha1', 'kind: Application', 'metadata: {name: shop, namespace: shop}', 'spec:', '  components:', components].join('\n');
  const result = await buildFetching({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry, async () => ({}), async (requests) => {
    asked.push(...requests);
    return Object.fromEntries(requests.map((request) => [request.component, typeof rendered === 'string' ? rendered : rendered(request)]));
  });
  return { result, asked };
}

async function refusedWith(components: string, rendered?: string): Promise<string> {
  try {
    await buildChart(components, rendered);
  } catch (error) {
    if (error instanceof KurelError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

const chart = (extra = '', name = 'db') => `    - name: ${name}\n      type: helmtemplate\n      properties:\n        source: {url: "${repo}"}\n        chart: pg\n        version: 1.0.0\n${extra}`;

describe('a chart the host renders', () => {
  it('asks the host for the chart, with the values, the release and the application namespace', async () => {
    const { asked } = await buildChart(chart('        values: {replicas: 2}\n'));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ component: 'db', where: { file: 'app.yaml', line: 8 }, chart: { source: { url: repo, kind: 'HelmRepository' }, chart: 'pg', version: '1.0.0', release: 'db', namespace: 'shop', values: { replicas: 2 } } });
  });

  it('asks nothing for properties it refuses, and refuses them from the handler', async () => {
    const message = await refusedWith(chart('        secretValues: {sub: {global: {a: 1}}}\n'));
    expect(message).toContain('helmtemplate: secretValues.sub.global: a key named global below the top level is refused');
  });

  it('keeps the hook groups on the build result for a layout writer', async () => {
    const { result } = await buildChart(chart());
    expect(result.charts).toEqual([
      {
        component: 'db',
        chart: `${repo}/pg`,
        version: '1.0.0',
        release: 'db',
        hookGroups: [
          { name: 'shop-db-00-pre-install', phase: 'pre-install', weight: 0, objects: [{ apiVersion: 'batch/v1', kind: 'Job', namespace: 'shop', name: 'migrate', template: 'chart/templates/a.yaml' }] },
          { name: 'shop-db-01-main', phase: '', weight: 0, objects: [{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'settings', template: 'chart/templates/b.yaml' }] },
        ],
      },
    ]);
    expect(result.objects.map((object) => object.metadata.labels?.['launcher.gokure.dev/component'])).toEqual(['db', 'db']);
  });

  it('names the groups after hookGroupNamePrefix, and the layout after layoutKustomizationName', async () => {
    const { result } = await buildChart(chart('        hookGroupNamePrefix: pg\n        layoutKustomizationName: pg-layout\n'));
    expect(result.charts[0].hookGroups.map((group) => group.name)).toEqual(['pg-00-pre-install', 'pg-01-main']);
    expect(result.charts[0].layoutKustomizationName).toBe('pg-layout');
  });

  it('refuses a written prefix whose longest group name passes 63 characters, naming it whole', async () => {
    const prefix = 'p'.repeat(52);
    const message = await refusedWith(chart(`        hookGroupNamePrefix: ${prefix}\n`));
    expect(message).toContain(`component "db": helmtemplate: hook-group name "${prefix}-00-pre-install" (role "hook-group", prefix "${prefix}") is 67 characters long, and a Flux Kustomization name is at most 63; set a shorter hookGroupNamePrefix`);
  });

  it('does not measure a written prefix that names nothing: one group has no hook-group layout', async () => {
    const { result } = await buildChart(chart(`        hookGroupNamePrefix: ${'p'.repeat(60)}\n`), PLAIN);
    expect(result.charts[0].hookGroups).toHaveLength(1);
  });

  it('refuses two components of one document with the same hook-group prefix', async () => {
    const message = await refusedWith(chart('        hookGroupNamePrefix: shared\n', 'a') + chart('        hookGroupNamePrefix: shared\n', 'b'));
    expect(message).toContain('name collision: hook-group name prefix "shared" is named by component "a" (role "hook-group", set by hookGroupNamePrefix) and by component "b" (role "hook-group", set by hookGroupNamePrefix)');
  });

  it('refuses a layout name that is no Flux Kustomization name', async () => {
    const message = await refusedWith(chart(`        layoutKustomizationName: ${'k'.repeat(64)}\n`));
    expect(message).toContain('cannot be the name for role "layout"');
  });

  it('places a custom resource by a rendered CRD, and refuses a scopeOverrides entry that contradicts it', async () => {
    const crd = doc('crd.yaml', 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: gadgets.example.com}\nspec: {group: example.com, scope: Cluster, names: {kind: Gadget, plural: gadgets}}');
    const gadget = doc('gadget.yaml', 'apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}');
    const { result } = await buildChart(chart(), crd + gadget);
    expect(result.objects.find((object) => object.kind === 'Gadget')!.metadata.namespace).toBeUndefined();
    const message = await refusedWith(chart('        scopeOverrides: [{apiVersion: example.com/v1, kind: Gadget, scope: Namespaced}]\n'), crd + gadget);
    expect(message).toContain('scopeOverrides[0]: Gadget (example.com/v1) is Namespaced here, and the chart\'s CustomResourceDefinition "gadgets.example.com" declares it Cluster');
  });

  it('keeps a namespace the chart wrote, even on a cluster-scoped object, and leaves an unknown kind as rendered', async () => {
    const text = doc('c.yaml', 'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: r, namespace: elsewhere}') + doc('d.yaml', 'apiVersion: unknown.example.com/v1\nkind: Thing\nmetadata: {name: t}');
    const { result } = await buildChart(chart(), text);
    expect(result.objects.map((object) => object.metadata.namespace)).toEqual(['elsewhere', undefined]);
  });

  it('holds rendered workloads to the environment policy: a privileged container is refused under the default policy', async () => {
    const pod = doc('pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: risky}\nspec:\n  containers:\n    - {name: c, image: "registry.example.com/c:1.0", securityContext: {privileged: true}}');
    let caught: KurelError | undefined;
    try {
      await buildChart(chart(), pod);
    } catch (error) {
      caught = error as KurelError;
    }
    expect(caught?.diagnostics[0]).toMatchObject({ component: 'db', refusalClass: 'privileged' });
    expect(caught?.message).toContain('chart/templates/pod.yaml (Pod "risky"): ');
    expect(caught?.message).toContain('securityContext.privileged is not allowed by environment policy');
  });

  it('refuses a rendered object of a known kind that cannot be read as that kind as unreadable-object', async () => {
    const deployment = doc('web.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers: not-a-list');
    let caught: KurelError | undefined;
    try {
      await buildChart(chart(), deployment);
    } catch (error) {
      caught = error as KurelError;
    }
    expect(caught?.diagnostics[0].refusalClass).toBe('unreadable-object');
    expect(caught?.message).toContain('chart/templates/web.yaml (Deployment "web"): ');
  });

  it('shows the chart, release, template and hook group of each object in explain', async () => {
    const { result } = await buildChart(chart('        releaseName: main\n'));
    const text = formatChains(result.applicationName, result.namespace, result.chains);
    expect(text).toContain(`      Job/migrate  in shop, from component "db"\n        rendered by chart ${repo}/pg version 1.0.0, release main, template chart/templates/a.yaml, hook group shop-db-00-pre-install`);
  });

  it('refuses the build when the host rendered nothing for the chart', async () => {
    const text = ['apiVersion: launcher.gokure.dev/v1alpha1', 'kind: Application', 'metadata: {name: shop, namespace: shop}', 'spec:', '  components:', chart()].join('\n');
    await expect(buildFetching({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry, async () => ({}))).rejects.toThrow(
      `helmtemplate: the chart ${repo}/pg was not rendered before the build`,
    );
  });
});

describe('helm with delivery: template', () => {
  const helm = (extra: string) => `    - name: db\n      type: helm\n      properties:\n        delivery: template\n        source: {url: "${repo}"}\n        chart: pg\n        version: 1.0.0\n${extra}`;

  it('lowers to helmtemplate with the chart, release and values, emitting no source and no HelmRelease', async () => {
    const { result, asked } = await buildChart(helm('        releaseName: main\n        values: {a: 1}\n        secretValues: {b: 2}\n'));
    expect(asked[0].chart).toMatchObject({ release: 'main', values: { a: 1, b: 2 }, withoutSecrets: { a: 1 } });
    expect(result.objects.map((object) => object.kind)).toEqual(['Job', 'ConfigMap']);
    expect(result.chains[0].members.map((member) => member.type)).toEqual(['helmtemplate']);
  });

  it.each([
    ['interval', 'interval: 5m'],
    ['targetNamespace', 'targetNamespace: other'],
    ['driftDetection', 'driftDetection: {mode: enabled}'],
    ['install', 'install: {createNamespace: true}'],
    ['upgrade', 'upgrade: {force: true}'],
    ['valuesFrom', 'valuesFrom: [{kind: ConfigMap, name: x}]'],
    ['valuesMode', 'valuesMode: configMap'],
  ])('refuses the Flux-only key %s by name', async (key, line) => {
    const message = await refusedWith(helm(`        ${line}\n`));
    expect(message).toContain(`helm: ${key} is a setting of the Flux HelmRelease, and delivery: template renders the chart at build time with no HelmRelease; remove it`);
  });

  it('refuses a referenced source: the chart must be pulled from a url', async () => {
    const message = await refusedWith(`    - name: db\n      type: helm\n      properties:\n        delivery: template\n        source: {kind: HelmRepository, name: charts}\n        chart: pg\n`);
    expect(message).toContain('helm: delivery: template needs an inline chart source: source.url');
  });

  it('refuses the template-only keys under delivery: flux', async () => {
    const message = await refusedWith(`    - name: db\n      type: helm\n      properties:\n        source: {url: "${repo}"}\n        chart: pg\n        hookGroupNamePrefix: x\n`);
    expect(message).toContain('helm: hookGroupNamePrefix is only used with delivery: template');
  });
});
