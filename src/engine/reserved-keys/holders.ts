// Every place an object holds labels and annotations that reach the cluster: its own metadata,
// metadata that becomes that of the pods the cluster runs for it, and metadata an operator or a
// controller copies onto what it creates. The reserved metadata keys are read in each.

/** A step that reads every element of the list the step before it names. */
export const EACH = '[]';

export interface MetadataHolder {
  /** Where the holder is: the object with `labels` and `annotations`, or the map itself (`only`). */
  path: string[];
  /** The holder as a refusal names it, before "label" or "annotation"; empty for the object's own metadata. */
  holder: string;
  /** The path holds a map of labels (or of annotations) and nothing beside it. */
  only?: 'labels' | 'annotations';
  /** Read only when the object's fields allow it (the first storage arm set). */
  when?: (object: Record<string, any>) => boolean;
  /**
   * The metadata reaches objects that are no pods: the reserved keys are read there, the
   * component label (which selects pods) is not.
   */
  noPods?: boolean;
}

const MONITORING = 'monitoring.coreos.com';
const VOLSYNC = 'volsync.backube';
const CERT_MANAGER = 'cert-manager.io';
const CNPG = 'postgresql.cnpg.io';
const EXTERNAL_SECRETS = 'external-secrets.io';

/** Kinds with a pod template, by group: where the pod spec's parent is, and a CronJob's job template. */
const POD_TEMPLATE_KINDS: Array<{ group: string; kind: string; spec: string[]; jobTemplate?: string[] }> = [
  { group: 'apps', kind: 'Deployment', spec: ['spec'] },
  { group: 'apps', kind: 'StatefulSet', spec: ['spec'] },
  { group: 'apps', kind: 'DaemonSet', spec: ['spec'] },
  { group: 'apps', kind: 'ReplicaSet', spec: ['spec'] },
  { group: 'batch', kind: 'Job', spec: ['spec'] },
  { group: 'batch', kind: 'CronJob', spec: ['spec', 'jobTemplate', 'spec'], jobTemplate: ['spec', 'jobTemplate'] },
  { group: '', kind: 'ReplicationController', spec: ['spec'] },
  { group: '', kind: 'PodTemplate', spec: [] },
];

const storageClaimTemplate = (kind: string): [string, string, MetadataHolder] => [
  MONITORING,
  kind,
  {
    path: ['spec', 'storage', 'volumeClaimTemplate', 'metadata'],
    holder: 'volume claim template',
    noPods: true,
    // The operator uses the first storage arm set: the claim template only without the other two.
    when: (object) => object.spec?.storage?.emptyDir == null && object.spec?.storage?.ephemeral == null,
  },
];

const solverRows = (kind: string): Array<[string, string, MetadataHolder]> => {
  const solver = (...steps: string[]) => ['spec', 'acme', 'solvers', EACH, 'http01', ...steps];
  return [
    [CERT_MANAGER, kind, { path: solver('ingress', 'podTemplate', 'metadata'), holder: 'solver pod template' }],
    [CERT_MANAGER, kind, { path: solver('gatewayHTTPRoute', 'podTemplate', 'metadata'), holder: 'solver pod template' }],
    [CERT_MANAGER, kind, { path: solver('ingress', 'ingressTemplate', 'metadata'), holder: 'solver ingress template', noPods: true }],
    [CERT_MANAGER, kind, { path: solver('gatewayHTTPRoute', 'labels'), holder: 'solver HTTPRoute', only: 'labels', noPods: true }],
  ];
};

const moverRows = (kind: string, movers: string[]): Array<[string, string, MetadataHolder]> =>
  movers.map((mover) => [VOLSYNC, kind, { path: ['spec', mover, 'moverPodLabels'], holder: 'mover pod', only: 'labels' }]);

const commonMetadata = (group: string, kind: string, noPods = false): [string, string, MetadataHolder] => [
  group,
  kind,
  { path: ['spec', 'commonMetadata'], holder: 'spec.commonMetadata', ...(noPods ? { noPods } : {}) },
];

/** Metadata an operator copies onto objects it creates that are no pods. */
const noPods = ([group, kind, holder]: [string, string, MetadataHolder]): [string, string, MetadataHolder] => [group, kind, { ...holder, noPods: true }];

/** Metadata that reaches objects that are no pods: Secrets, Services, ServiceAccounts, snapshots, claims, charts. */
const NO_POD_ROWS: Array<[string, string, MetadataHolder]> = [
  [CERT_MANAGER, 'Certificate', { path: ['spec', 'secretTemplate'], holder: 'secret template' }],
  [EXTERNAL_SECRETS, 'ExternalSecret', { path: ['spec', 'target', 'template', 'metadata'], holder: 'secret template' }],
  [EXTERNAL_SECRETS, 'ClusterExternalSecret', { path: ['spec', 'externalSecretMetadata'], holder: 'spec.externalSecretMetadata' }],
  [EXTERNAL_SECRETS, 'ClusterExternalSecret', { path: ['spec', 'externalSecretSpec', 'target', 'template', 'metadata'], holder: 'secret template' }],
  [CNPG, 'Cluster', { path: ['spec', 'managed', 'services', 'additional', EACH, 'serviceTemplate', 'metadata'], holder: 'service template' }],
  [CNPG, 'Cluster', { path: ['spec', 'serviceAccountTemplate', 'metadata'], holder: 'service account template' }],
  [CNPG, 'Cluster', { path: ['spec', 'backup', 'volumeSnapshot'], holder: 'volume snapshot' }],
  [CNPG, 'Pooler', { path: ['spec', 'serviceTemplate', 'metadata'], holder: 'service template' }],
  ['helm.toolkit.fluxcd.io', 'HelmRelease', { path: ['spec', 'chart', 'metadata'], holder: 'chart template' }],
  ...['rsync', 'rsyncTLS'].map((mover): [string, string, MetadataHolder] => [VOLSYNC, 'ReplicationDestination', { path: ['spec', mover, 'serviceAnnotations'], holder: 'mover service', only: 'annotations' }]),
  ['apps', 'StatefulSet', { path: ['spec', 'volumeClaimTemplates', EACH, 'metadata'], holder: 'volume claim template' }],
];

/** What an operator or a controller copies onto what it creates, by the object's group and kind. */
const OPERATOR_ROWS: Array<[string, string, MetadataHolder]> = [
  [CNPG, 'Cluster', { path: ['spec', 'inheritedMetadata'], holder: 'spec.inheritedMetadata' }],
  [CNPG, 'Pooler', { path: ['spec', 'template', 'metadata'], holder: 'pod template' }],
  ...['Prometheus', 'PrometheusAgent', 'Alertmanager', 'ThanosRuler'].map((kind): [string, string, MetadataHolder] => [MONITORING, kind, { path: ['spec', 'podMetadata'], holder: 'spec.podMetadata' }]),
  ...moverRows('ReplicationSource', ['rsync', 'rsyncTLS', 'rclone', 'restic', 'syncthing']),
  ...moverRows('ReplicationDestination', ['rsync', 'rsyncTLS', 'rclone', 'restic']),
  ...solverRows('Issuer'),
  ...solverRows('ClusterIssuer'),
  ['gateway.networking.k8s.io', 'Gateway', { path: ['spec', 'infrastructure'], holder: 'spec.infrastructure' }],
  commonMetadata('kustomize.toolkit.fluxcd.io', 'Kustomization'),
  commonMetadata('helm.toolkit.fluxcd.io', 'HelmRelease'),
  commonMetadata('fluxcd.controlplane.io', 'ResourceSet'),
  // An ArtifactGenerator's goes onto the ExternalArtifacts it generates, a FluxInstance's onto the objects of the installation.
  commonMetadata('source.extensions.fluxcd.io', 'ArtifactGenerator', true),
  commonMetadata('fluxcd.controlplane.io', 'FluxInstance', true),
  ...NO_POD_ROWS.map(noPods),
  ...['Prometheus', 'PrometheusAgent', 'Alertmanager', 'ThanosRuler'].map(storageClaimTemplate),
];

/** Where an object of `group` and `kind` holds its pod template (`<spec>.template`) and a CronJob its job template; undefined for a kind with none. */
export function podTemplateOf(group: string, kind: string): { spec: string[]; jobTemplate?: string[] } | undefined {
  const row = POD_TEMPLATE_KINDS.find((candidate) => candidate.group === group && candidate.kind === kind);
  return row && { spec: row.spec, jobTemplate: row.jobTemplate };
}

/** What an operator or a controller copies from an object of `group` and `kind` onto what it creates. */
export function operatorMetadataHolders(group: string, kind: string): MetadataHolder[] {
  return OPERATOR_ROWS.filter(([rowGroup, rowKind]) => rowGroup === group && rowKind === kind).map(([, , holder]) => holder);
}

/** Every holder of an object of `group` and `kind`: its own metadata first, then a job template's, a pod template's and what operators copy. */
export function metadataHolders(group: string, kind: string): MetadataHolder[] {
  const holders: MetadataHolder[] = [{ path: ['metadata'], holder: '' }];
  const template = podTemplateOf(group, kind);
  if (template?.jobTemplate) holders.push({ path: [...template.jobTemplate, 'metadata'], holder: 'job template' });
  if (template) holders.push({ path: [...template.spec, 'template', 'metadata'], holder: 'pod template' });
  holders.push(...operatorMetadataHolders(group, kind));
  return holders;
}
