import type { ExampleTable } from './with-examples.js';

// Examples of the Flux kinds, the VolSync and MetalLB kinds and the escape hatches.

export const fluxExamples: ExampleTable = {
  gitrepository: { url: 'https://github.com/example/platform-config', ref: { branch: 'main' }, interval: '5m' },
  ocirepository: { url: 'oci://ghcr.io/example/manifests/shop', ref: { tag: 'v1.4.2' }, interval: '10m' },
  helmrepository: { url: 'https://charts.bitnami.com/bitnami', interval: '1h' },
  bucket: { provider: 'aws', bucketName: 'example-manifests', endpoint: 's3.amazonaws.com', region: 'eu-west-1', interval: '10m' },
  helmchart: { chart: 'redis', version: '19.x', sourceRef: { kind: 'HelmRepository', name: 'bitnami' }, interval: '1h' },
  helmrelease: {
    interval: '10m',
    chart: { spec: { chart: 'redis', version: '19.6.4', sourceRef: { kind: 'HelmRepository', name: 'bitnami' } } },
    values: { architecture: 'standalone', auth: { enabled: true } },
  },
  'fluxcd-kustomization': { interval: '10m', path: './apps/shop', prune: true, sourceRef: { kind: 'GitRepository', name: 'platform-config' } },
  'fluxcd-alert': {
    providerRef: { name: 'slack' },
    eventSeverity: 'error',
    eventSources: [{ kind: 'Kustomization', name: '*' }, { kind: 'HelmRelease', name: '*' }],
  },
  'fluxcd-provider': { type: 'slack', channel: 'platform-alerts', secretRef: { name: 'slack-webhook' } },
  'fluxcd-receiver': {
    type: 'github',
    events: ['push'],
    secretRef: { name: 'github-webhook-token' },
    resources: [{ kind: 'GitRepository', name: 'platform-config' }],
  },
  imagerepository: { image: 'ghcr.io/example/shop', interval: '5m' },
  imagepolicy: { imageRepositoryRef: { name: 'shop' }, policy: { semver: { range: '1.x' } } },
  imageupdateautomation: {
    interval: '30m',
    sourceRef: { kind: 'GitRepository', name: 'platform-config' },
    git: { checkout: { ref: { branch: 'main' } }, commit: { author: { name: 'fluxbot', email: 'fluxbot@example.com' }, messageTemplate: 'Update images' }, push: { branch: 'main' } },
    update: { path: './apps', strategy: 'Setters' },
  },
  artifactgenerator: {
    sources: [{ alias: 'config', kind: 'GitRepository', name: 'platform-config' }],
    artifacts: [{ name: 'shop-manifests', copy: [{ from: '@config/apps/shop/**', to: '@artifact/' }] }],
  },
  resourcesetinputprovider: {
    type: 'GitHubPullRequest',
    url: 'https://github.com/example/shop',
    secretRef: { name: 'github-token' },
    defaultValues: { env: 'preview' },
  },
  replicationsource: {
    sourcePVC: 'data',
    trigger: { schedule: '0 * * * *' },
    restic: { repository: 'data-restic-config', copyMethod: 'Snapshot', pruneIntervalDays: 7, retain: { hourly: 6, daily: 7 } },
  },
  replicationdestination: {
    trigger: { manual: 'restore-once' },
    restic: { repository: 'data-restic-config', copyMethod: 'Snapshot', capacity: '10Gi', accessModes: ['ReadWriteOnce'] },
  },
  'metallb-bfdprofile': { receiveInterval: 300, transmitInterval: 300, detectMultiplier: 3 },
  'metallb-bgpadvertisement': { ipAddressPools: ['public'], localPref: 100, aggregationLength: 32 },
  'metallb-bgppeer': { myASN: 64512, peerASN: 64501, peerAddress: '10.0.0.1' },
  'metallb-community': { communities: [{ name: 'no-advertise', value: '65535:65282' }] },
  'metallb-ipaddresspool': { addresses: ['192.0.2.0/28'], autoAssign: true },
  'metallb-l2advertisement': { ipAddressPools: ['public'] },
  passthrough: {
    object: { apiVersion: 'policy.example.com/v1', kind: 'QuotaPolicy', spec: { maxPods: 50 } },
  },
  object: {
    kind: 'Role',
    metadata: { name: 'config-reader', labels: { team: 'payments' } },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] }],
  },
  manifests: {
    inline: [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: feature-flags}',
      'data: {checkout-v2: "true"}',
      '---',
      'apiVersion: v1',
      'kind: ServiceAccount',
      'metadata: {name: reporter}',
      '',
    ].join('\n'),
  },
  crd: {
    inline: [
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      'metadata: {name: widgets.example.com}',
      'spec:',
      '  group: example.com',
      '  names: {kind: Widget, plural: widgets, singular: widget}',
      '  scope: Namespaced',
      '  versions:',
      '    - name: v1',
      '      served: true',
      '      storage: true',
      '      schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}',
      '',
    ].join('\n'),
  },
};
