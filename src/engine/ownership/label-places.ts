// Where an object holds labels that reach pods, by kind: the component label is read in every
// such place and written only into the object's own labels, its pod template and a CronJob's job
// template. The operator and Flux places are read only: launcher writes nothing there.

type Json = Record<string, any>;

/** A label map of an object: its path, for the refusal, and how to reach it. */
export interface LabelPlace {
  path: string;
  /** The metadata holding the labels (labels: `<metadata>.labels`), or undefined when absent. */
  metadata: Json | null | undefined;
  /** Whether launcher writes the label there. */
  written: boolean;
  /** The template holding the metadata, where launcher writes it: the metadata is created there when absent. */
  holder?: unknown;
}

/** The pod-template kinds, each in its own API group ('' for the core group). */
const POD_TEMPLATE_KINDS: Record<string, string> = {
  Deployment: 'apps',
  StatefulSet: 'apps',
  DaemonSet: 'apps',
  Job: 'batch',
  ReplicaSet: 'apps',
  ReplicationController: '',
  CronJob: 'batch',
  PodTemplate: '',
};

const PROMETHEUS_KINDS = ['Prometheus', 'PrometheusAgent', 'Alertmanager', 'ThanosRuler'];
const VOLSYNC_MOVERS = ['rsync', 'rsyncTLS', 'rclone', 'restic', 'syncthing', 'external'];
/** The Flux holders of spec.commonMetadata that may apply a Pod. */
const COMMON_METADATA: Record<string, string[]> = {
  'kustomize.toolkit.fluxcd.io': ['Kustomization'],
  'helm.toolkit.fluxcd.io': ['HelmRelease'],
  'fluxcd.controlplane.io': ['ResourceSet'],
};

export function groupOf(object: Json): string {
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  return apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (value: unknown, ...keys: (string | number)[]): unknown => keys.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as any)[key] : undefined), value);

/** Whether the object is a workload of its kind's own group, holding a pod template. */
export function isPodTemplateKind(object: Json): boolean {
  return typeof object.kind === 'string' && POD_TEMPLATE_KINDS[object.kind] === groupOf(object);
}

/** The label places of an object: its own, its pod and job templates, and the read-only ones. */
export function labelPlaces(object: Json): LabelPlace[] {
  const places: LabelPlace[] = [{ path: 'metadata.labels', metadata: object.metadata, written: true }];
  const group = groupOf(object);
  const kind = object.kind;
  if (isPodTemplateKind(object)) {
    const template = (path: string, holder: unknown) => places.push({ path: `${path}.metadata.labels`, metadata: at(holder, 'metadata') as Json, written: true, holder });
    if (kind === 'CronJob') {
      template('spec.jobTemplate', at(object, 'spec', 'jobTemplate'));
      template('spec.jobTemplate.spec.template', at(object, 'spec', 'jobTemplate', 'spec', 'template'));
    } else if (kind === 'PodTemplate') {
      template('template', object.template);
    } else {
      template('spec.template', at(object, 'spec', 'template'));
    }
  }
  const read = (path: string, metadata: unknown) => places.push({ path, metadata: metadata as Json, written: false });
  if (group === 'postgresql.cnpg.io' && kind === 'Cluster') read('spec.inheritedMetadata.labels', at(object, 'spec', 'inheritedMetadata'));
  if (group === 'postgresql.cnpg.io' && kind === 'Pooler') read('spec.template.metadata.labels', at(object, 'spec', 'template', 'metadata'));
  if (group === 'monitoring.coreos.com' && PROMETHEUS_KINDS.includes(kind)) read('spec.podMetadata.labels', at(object, 'spec', 'podMetadata'));
  if (group === 'volsync.backube' && (kind === 'ReplicationSource' || kind === 'ReplicationDestination')) {
    for (const mover of VOLSYNC_MOVERS) {
      const labels = at(object, 'spec', mover, 'moverPodLabels');
      if (labels !== undefined) read(`spec.${mover}.moverPodLabels`, { labels });
    }
  }
  if (group === 'cert-manager.io' && (kind === 'Issuer' || kind === 'ClusterIssuer')) {
    const solvers = at(object, 'spec', 'acme', 'solvers');
    if (Array.isArray(solvers)) {
      solvers.forEach((_, i) => read(`spec.acme.solvers[${i}].http01.ingress.podTemplate.metadata.labels`, at(solvers, i, 'http01', 'ingress', 'podTemplate', 'metadata')));
    }
  }
  if (group === 'gateway.networking.k8s.io' && kind === 'Gateway') read('spec.infrastructure.labels', at(object, 'spec', 'infrastructure'));
  if (COMMON_METADATA[group]?.includes(kind)) read('spec.commonMetadata.labels', at(object, 'spec', 'commonMetadata'));
  return places;
}
