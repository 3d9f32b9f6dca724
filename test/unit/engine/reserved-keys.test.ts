import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { build } from '../../../src/engine/build.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { refusal, registryOf } from './support.js';
import { checkReservedKeysOf } from '../../../src/engine/reserved-keys/check.js';

const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);
const SENTINEL = 'oam: metadata key is reserved';

const EXPOSE_PROFILE = `apiVersion: launcher.gokure.dev/v1alpha1
kind: ClusterProfile
metadata: {name: prod}
spec:
  capabilities:
    expose:
      rendering: {controllerType: ingress, ingressClassName: nginx, certManagerClusterIssuer: letsencrypt}
`;

function app(components: unknown[]): string {
  return stringify({ apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', metadata: { name: 'shop', namespace: 'shop' }, spec: { components } });
}

/** A manifests component carrying the given objects. */
function manifests(name: string, ...objects: unknown[]) {
  return { name, type: 'manifests', properties: { inline: objects.map((object) => stringify(object)).join('---\n') } };
}

function run(components: unknown[], reservedMetadataKeys?: string[], options: { componentLabelKey?: string; profile?: string } = {}) {
  return build(
    {
      application: { file: 'app.yaml', text: app(components) },
      profile: options.profile ? { file: 'cluster.yaml', text: options.profile } : undefined,
      settings: { domain: 'launcher.gokure.dev', clusterId: 'local', reservedMetadataKeys, componentLabelKey: options.componentLabelKey },
    },
    registry,
  );
}

const refused = (components: unknown[], reserved: string[], options?: { componentLabelKey?: string; profile?: string }) => refusal(() => run(components, reserved, options));

const ingress = (annotations: Record<string, string>) => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: { name: 'web-ingress', annotations },
  spec: { rules: [{ host: 'shop.example.com' }] },
});

describe('reserved metadata keys', () => {
  it('refuses an annotation under a reserved prefix, naming component, object, key and entry', () => {
    const error = refused([manifests('web', ingress({ 'platform.example/zone': 'eu' }))], ['platform.example/']);
    expect(error.code).toBe('KUREL_RESERVED_METADATA_KEY');
    expect(error.refusalClass).toBeUndefined();
    expect(error.diagnostics[0].component).toBe('web');
    expect(error.message).toBe(`component "web": Ingress "web-ingress": annotation "platform.example/zone" may not be set: the prefix "platform.example/" is reserved for the platform: ${SENTINEL}`);
  });

  it('refuses a key reserved by an entry of its own', () => {
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', labels: { team: 'a' } } };
    expect(refused([manifests('web', configMap)], ['team', 'team']).message).toBe(`component "web": ConfigMap "settings": label "team" may not be set: the key is reserved for the platform: ${SENTINEL}`);
  });

  it('reads a key whatever its value, a null included', () => {
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', annotations: { team: null } } };
    expect(refused([manifests('web', configMap)], ['team']).message).toContain('annotation "team" may not be set');
  });

  it('reserves neither the prefix name itself nor a domain that ends alike, and nothing with an empty list', () => {
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', labels: { 'platform.example': 'x', 'sub.platform.example/zone': 'east' } } };
    const plain = run([manifests('web', configMap)]);
    expect(run([manifests('web', configMap)], ['platform.example/']).yaml).toBe(plain.yaml);
    expect(run([manifests('web', configMap)], []).yaml).toBe(plain.yaml);
  });

  it('exempts the app label and the component label key as label keys, not as annotation keys', () => {
    const labelled = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', labels: { app: 'web', 'platform.example/component': 'web' } } };
    expect(run([manifests('web', labelled)], ['platform.example/', 'app'], { componentLabelKey: 'platform.example/component' }).objects[0].metadata.labels).toEqual({ app: 'web', 'platform.example/component': 'web' });
    const annotated = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', annotations: { app: 'web' } } };
    expect(refused([manifests('web', annotated)], ['app']).message).toContain('annotation "app" may not be set');
    const neighbour = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', labels: { 'platform.example/zone': 'eu' } } };
    expect(refused([manifests('web', neighbour)], ['platform.example/'], { componentLabelKey: 'platform.example/component' }).message).toContain('label "platform.example/zone" may not be set');
  });

  it('reads the members of a list envelope, as Flux applies it', () => {
    const list = { apiVersion: 'v1', kind: 'ConfigMapList', items: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'member', labels: { team: 'a' } } }] };
    expect(refused([manifests('web', list)], ['team']).message).toBe(`component "web": ConfigMap "member": label "team" may not be set: the key is reserved for the platform: ${SENTINEL}`);
  });

  it('names the document for an application the document as a whole owns', () => {
    const source = { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'HelmRepository', metadata: { name: 'charts', labels: { team: 'a' } }, spec: { url: 'https://charts.example.com' } };
    const error = refusal(() => checkReservedKeysOf([source as never], undefined, { reserved: ['team'], componentLabelKey: 'launcher.gokure.dev/component', layouts: registry }));
    expect(error.message).toBe(`the document: HelmRepository "charts": label "team" may not be set: the key is reserved for the platform: ${SENTINEL}`);
  });

  it('fails generation on metadata it cannot read', () => {
    const broken = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', labels: ['team'] } };
    expect(refused([manifests('web', broken)], ['team']).message).toBe('reserved metadata keys: ConfigMap "settings": metadata.labels is a list, not a map');
  });

  it('refuses a key on metadata written by a component property or a trait', () => {
    const deployment = { name: 'api', type: 'deployment', properties: { image: 'ghcr.io/acme/api:1.0.0', labels: { team: 'a' } } };
    expect(refused([deployment], ['team']).message).toBe(`component "api": Deployment "api": label "team" may not be set: the key is reserved for the platform: ${SENTINEL}`);
  });
});

describe('the holders of metadata', () => {
  const podTemplate = (kind: string, apiVersion: string, spec: Record<string, unknown>) => ({ apiVersion, kind, metadata: { name: 'w' }, spec });
  const template = { metadata: { annotations: { team: 'a' } }, spec: { containers: [{ name: 'c', image: 'ghcr.io/acme/c:1.0.0' }] } };

  it.each([
    ['a Deployment pod template', podTemplate('Deployment', 'apps/v1', { selector: { matchLabels: { app: 'w' } }, template }), 'Deployment "w": pod template annotation "team"'],
    ['a CronJob job template', podTemplate('CronJob', 'batch/v1', { schedule: '* * * * *', jobTemplate: { metadata: { labels: { team: 'a' } }, spec: { template: { spec: template.spec } } } }), 'CronJob "w": job template label "team"'],
    ['a CronJob pod template', podTemplate('CronJob', 'batch/v1', { schedule: '* * * * *', jobTemplate: { spec: { template } } }), 'CronJob "w": pod template annotation "team"'],
    [
      'a StatefulSet volume claim template, with its path',
      podTemplate('StatefulSet', 'apps/v1', { volumeClaimTemplates: [{ metadata: { name: 'a' } }, { metadata: { name: 'b', labels: { team: 'a' } } }] }),
      'StatefulSet "w": volume claim template label "team" (spec.volumeClaimTemplates[1].metadata.labels)',
    ],
    [
      'an Issuer solver pod template, with its path',
      { apiVersion: 'cert-manager.io/v1', kind: 'Issuer', metadata: { name: 'w' }, spec: { acme: { solvers: [{ dns01: {} }, { http01: { ingress: { podTemplate: { metadata: { labels: { team: 'a' } } } } } }] } } },
      'Issuer "w": solver pod template label "team" (spec.acme.solvers[1].http01.ingress.podTemplate.metadata.labels)',
    ],
    [
      'a solver HTTPRoute',
      { apiVersion: 'cert-manager.io/v1', kind: 'ClusterIssuer', metadata: { name: 'w' }, spec: { acme: { solvers: [{ http01: { gatewayHTTPRoute: { labels: { team: 'a' } } } }] } } },
      'ClusterIssuer "w": solver HTTPRoute label "team" (spec.acme.solvers[0].http01.gatewayHTTPRoute.labels)',
    ],
    ['a mover Service', { apiVersion: 'volsync.backube/v1alpha1', kind: 'ReplicationDestination', metadata: { name: 'w' }, spec: { rsync: { serviceAnnotations: { team: 'a' } } } }, 'ReplicationDestination "w": mover service annotation "team"'],
    ['mover pods', { apiVersion: 'volsync.backube/v1alpha1', kind: 'ReplicationSource', metadata: { name: 'w' }, spec: { restic: { moverPodLabels: { team: 'a' } } } }, 'ReplicationSource "w": mover pod label "team"'],
    ['Flux commonMetadata', { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name: 'w' }, spec: { commonMetadata: { labels: { team: 'a' } } } }, 'Kustomization "w": spec.commonMetadata label "team"'],
    ['a HelmRelease chart template', { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name: 'w' }, spec: { chart: { metadata: { labels: { team: 'a' } } } } }, 'HelmRelease "w": chart template label "team"'],
    ['a Certificate secret template', { apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: 'w' }, spec: { secretTemplate: { annotations: { team: 'a' } } } }, 'Certificate "w": secret template annotation "team"'],
    ['a CNPG Cluster inheritedMetadata', { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'w' }, spec: { inheritedMetadata: { labels: { team: 'a' } } } }, 'Cluster "w": spec.inheritedMetadata label "team"'],
    [
      'a CNPG additional service template',
      { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'w' }, spec: { managed: { services: { additional: [{ serviceTemplate: { metadata: { labels: { team: 'a' } } } }] } } } },
      'Cluster "w": service template label "team" (spec.managed.services.additional[0].serviceTemplate.metadata.labels)',
    ],
    ['Prometheus pod metadata', { apiVersion: 'monitoring.coreos.com/v1', kind: 'Alertmanager', metadata: { name: 'w' }, spec: { podMetadata: { labels: { team: 'a' } } } }, 'Alertmanager "w": spec.podMetadata label "team"'],
    [
      'a Prometheus storage claim template',
      { apiVersion: 'monitoring.coreos.com/v1', kind: 'ThanosRuler', metadata: { name: 'w' }, spec: { storage: { volumeClaimTemplate: { metadata: { labels: { team: 'a' } } } } } },
      'ThanosRuler "w": volume claim template label "team"',
    ],
    [
      'a solver ingress template',
      { apiVersion: 'cert-manager.io/v1', kind: 'Issuer', metadata: { name: 'w' }, spec: { acme: { solvers: [{ http01: { ingress: { ingressTemplate: { metadata: { annotations: { team: 'a' } } } } } }] } } },
      'Issuer "w": solver ingress template annotation "team" (spec.acme.solvers[0].http01.ingress.ingressTemplate.metadata.annotations)',
    ],
    ['a CNPG service account template', { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'w' }, spec: { serviceAccountTemplate: { metadata: { labels: { team: 'a' } } } } }, 'Cluster "w": service account template label "team"'],
    ['CNPG volume snapshots', { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'w' }, spec: { backup: { volumeSnapshot: { annotations: { team: 'a' } } } } }, 'Cluster "w": volume snapshot annotation "team"'],
    ['a Pooler pod template', { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Pooler', metadata: { name: 'w' }, spec: { template: { metadata: { labels: { team: 'a' } } } } }, 'Pooler "w": pod template label "team"'],
    ['a Pooler service template', { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Pooler', metadata: { name: 'w' }, spec: { serviceTemplate: { metadata: { labels: { team: 'a' } } } } }, 'Pooler "w": service template label "team"'],
    ['an ExternalSecret secret template', { apiVersion: 'external-secrets.io/v1', kind: 'ExternalSecret', metadata: { name: 'w' }, spec: { target: { template: { metadata: { labels: { team: 'a' } } } } } }, 'ExternalSecret "w": secret template label "team"'],
    ['ClusterExternalSecret metadata', { apiVersion: 'external-secrets.io/v1', kind: 'ClusterExternalSecret', metadata: { name: 'w' }, spec: { externalSecretMetadata: { labels: { team: 'a' } } } }, 'ClusterExternalSecret "w": spec.externalSecretMetadata label "team"'],
    ['a ResourceSet commonMetadata', { apiVersion: 'fluxcd.controlplane.io/v1', kind: 'ResourceSet', metadata: { name: 'w' }, spec: { commonMetadata: { annotations: { team: 'a' } } } }, 'ResourceSet "w": spec.commonMetadata annotation "team"'],
    ['a Gateway infrastructure', { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'w' }, spec: { infrastructure: { labels: { team: 'a' } } } }, 'Gateway "w": spec.infrastructure label "team"'],
  ])('reads %s', (_title, object, text) => {
    expect(refused([manifests('web', object)], ['team']).message).toBe(`component "web": ${text} may not be set: the key is reserved for the platform: ${SENTINEL}`);
  });

  it('leaves the storage claim template unread where an emptyDir is the storage used', () => {
    const object = { apiVersion: 'monitoring.coreos.com/v1', kind: 'ThanosRuler', metadata: { name: 'w' }, spec: { storage: { emptyDir: {}, volumeClaimTemplate: { metadata: { labels: { team: 'a' } } } } } };
    expect(run([manifests('web', object)], ['team']).objects).toHaveLength(1);
  });
});

describe('the platform annotations of an Ingress', () => {
  const web = (annotations?: Record<string, string>) => ({
    name: 'web',
    type: 'webservice',
    properties: { image: 'ghcr.io/acme/web:1.0.0', port: 8080 },
    traits: [{ type: 'expose', properties: { hostnames: ['shop.example.com'], sslRedirect: true, ...(annotations ? { annotations } : {}) } }],
  });

  it('pass under a reserved prefix, as the expose rule wrote them', () => {
    const { objects } = run([web()], ['nginx.ingress.kubernetes.io/', 'cert-manager.io/'], { profile: EXPOSE_PROFILE });
    const ingressObject = objects.find((object) => object.kind === 'Ingress')!;
    expect(ingressObject.metadata.annotations).toEqual({ 'cert-manager.io/cluster-issuer': 'letsencrypt', 'nginx.ingress.kubernetes.io/ssl-redirect': 'true' });
  });

  it('do not let an authored annotation under the prefix pass', () => {
    const error = refused([web({ 'nginx.ingress.kubernetes.io/rewrite-target': '/' })], ['nginx.ingress.kubernetes.io/'], { profile: EXPOSE_PROFILE });
    expect(error.message).toBe(
      `component "web": Ingress "web-ingress": annotation "nginx.ingress.kubernetes.io/rewrite-target" may not be set: the prefix "nginx.ingress.kubernetes.io/" is reserved for the platform: ${SENTINEL}`,
    );
  });
});
