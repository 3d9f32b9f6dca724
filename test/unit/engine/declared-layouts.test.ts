import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { build } from '../../../src/engine/build.js';
import { RegistryBuilder } from '../../../src/host/plugins/registry-builder.js';
import { definePlugin, type K8sObject, type KurelPlugin } from '../../../src/plugin-api/index.js';
import { defineKind } from '../../../src/plugin-api/kit/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';
import acmeRollout from '../../third-party/acme-rollout.js';
import { refusal, registryOf } from './support.js';

// A kind declares where its pod template and its other metadata holders are on its object
// declaration; the engine reads them from the sealed registry alone. An organisation's kind is
// checked in its template exactly as a built-in Deployment is.

const KEY = 'launcher.gokure.dev/component';
const registry = registryOf([...SOURCE_BUILTINS, acmeRollout]);

const template = (labels: Record<string, string>) => ({ metadata: { labels }, spec: { containers: [{ name: 'app', image: 'ghcr.io/acme/web:v1' }] } });

function run(component: Record<string, unknown>, reservedMetadataKeys?: string[]): K8sObject[] {
  const application = { apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', metadata: { name: 'shop', namespace: 'shop' }, spec: { components: [{ name: 'web', ...component }] } };
  const result = build({ application: { file: 'app.yaml', text: stringify(application) }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local', reservedMetadataKeys } }, registry);
  return result.objects;
}

const rollout = (labels: Record<string, string>, extra: Record<string, unknown> = {}) => ({ type: 'acme-rollout', properties: { selector: { matchLabels: { app: 'web' } }, template: template(labels), ...extra } });
/** The same pod template in a built-in Deployment, carried by a manifests component. */
const deployment = (labels: Record<string, string>) => ({
  type: 'manifests',
  properties: { inline: stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, template: template(labels) } }) },
});

describe('a third-party kind that declares its pod template', () => {
  it('gets the component label written into its pod template, as a Deployment does', () => {
    const [object] = run(rollout({ app: 'web' }));
    expect((object as any).spec.template.metadata.labels).toEqual({ app: 'web', [KEY]: 'web' });
    const [plain] = run(deployment({ app: 'web' }));
    expect((plain as any).spec.template.metadata.labels).toEqual({ app: 'web', [KEY]: 'web' });
  });

  it('has a reserved key in its pod template refused with the text a Deployment gets', () => {
    const ours = refusal(() => run(rollout({ app: 'web', team: 'a' }), ['team'])).message;
    expect(ours).toBe('component "web": Rollout "web": pod template label "team" may not be set: the key is reserved for the platform: oam: metadata key is reserved');
    const builtin = refusal(() => run(deployment({ app: 'web', team: 'a' }), ['team'])).message;
    expect(ours.replace('Rollout', 'Deployment')).toBe(builtin);
  });

  it('has another component\'s label value in its pod template refused, as a Deployment does', () => {
    const message = refusal(() => run(rollout({ app: 'web', [KEY]: 'other' }))).message;
    expect(message).toContain('spec.template.metadata.labels');
    expect(message).toContain('"other"');
  });

  it('has its own selector held to the component label', () => {
    const message = refusal(() => run(rollout({ app: 'web' }, { selector: { matchLabels: { [KEY]: 'other' } } }))).message;
    expect(message).toContain('spec.selector');
  });

  it('has the metadata holders it declares read as well', () => {
    const message = refusal(() => run(rollout({ app: 'web' }, { canaryMetadata: { labels: { team: 'a' } } }), ['team'])).message;
    expect(message).toBe('component "web": Rollout "web": canary pod label "team" may not be set: the key is reserved for the platform: oam: metadata key is reserved');
  });

  it('joins the pod kinds the HelmRelease post-renderer labels, after the built-ins', () => {
    const layouts = registry.podTemplateKinds().map((kind) => `${kind.group}/${kind.kind}`);
    expect(layouts).toEqual(['apps/Deployment', 'apps/StatefulSet', 'apps/DaemonSet', 'batch/Job', 'batch/CronJob', 'apps/ReplicaSet', '/ReplicationController', '/PodTemplate', 'rollouts.acme.example/Rollout', '/Pod']);
  });
});

describe('one declaration per kind', () => {
  const register = (...plugins: KurelPlugin[]) => {
    const builder = new RegistryBuilder();
    for (const plugin of plugins) builder.register(plugin);
    return builder.seal();
  };
  const meta = (name: string) => ({ name, version: '1.0.0', kurelApi: '^1.0.0' });

  it('refuses a second pod template for a kind at registration', () => {
    const other = defineKind({ type: 'my-deployment', description: 'A second Deployment type.', apiVersion: 'apps/v1', kind: 'Deployment', scope: 'namespaced', properties: {}, podTemplate: { path: ['spec', 'template'] } });
    const error = refusal(() => register(...SOURCE_BUILTINS, definePlugin({ meta: meta('@acme/deployments'), components: [other] })));
    expect(error.diagnostics[0].code).toBe('KUREL_DUPLICATE_TYPE');
    expect(error.message).toBe(
      'kind Deployment (apps/v1) has its pod template and metadata holders declared twice: by plugin "kurel-builtin-components" (component type "deployment") and by plugin "@acme/deployments" (component type "my-deployment"); a registry holds one declaration per kind',
    );
  });

  it('refuses an objectKinds declaration of a kind a component already describes', () => {
    const plugin = definePlugin({ meta: meta('@acme/prometheus'), objectKinds: [{ apiVersion: 'monitoring.coreos.com/v1', kind: 'Prometheus', metadataHolders: [{ path: ['spec', 'podMetadata'], holder: 'pod' }] }] });
    expect(refusal(() => register(...SOURCE_BUILTINS, plugin)).diagnostics[0].code).toBe('KUREL_DUPLICATE_TYPE');
  });

  it('lets another component type generate the kind when it declares no layout of its own', () => {
    const other = defineKind({ type: 'my-deployment', description: 'A second Deployment type.', apiVersion: 'apps/v1', kind: 'Deployment', scope: 'namespaced', properties: {} });
    expect(register(...SOURCE_BUILTINS, definePlugin({ meta: meta('@acme/deployments'), components: [other] })).objectLayout('apps', 'Deployment')?.podTemplate?.path).toEqual(['spec', 'template']);
  });
});
