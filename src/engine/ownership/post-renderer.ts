// The post-renderer a HelmRelease carries so that every pod its chart renders holds the component
// label: one strategic merge patch per pod-template kind, in the reference's order.

interface PodKind {
  group: string;
  version: string;
  kind: string;
  /** The path of the labels the patch sets, below the object's top level. */
  labels: string[];
}

const TEMPLATE = ['spec', 'template', 'metadata', 'labels'];

const POD_KINDS: PodKind[] = [
  { group: 'apps', version: 'v1', kind: 'Deployment', labels: TEMPLATE },
  { group: 'apps', version: 'v1', kind: 'StatefulSet', labels: TEMPLATE },
  { group: 'apps', version: 'v1', kind: 'DaemonSet', labels: TEMPLATE },
  { group: 'batch', version: 'v1', kind: 'Job', labels: TEMPLATE },
  { group: 'batch', version: 'v1', kind: 'CronJob', labels: ['spec', 'jobTemplate', 'spec', 'template', 'metadata', 'labels'] },
  { group: 'apps', version: 'v1', kind: 'ReplicaSet', labels: TEMPLATE },
  { group: '', version: 'v1', kind: 'ReplicationController', labels: TEMPLATE },
  { group: '', version: 'v1', kind: 'PodTemplate', labels: ['template', 'metadata', 'labels'] },
  { group: '', version: 'v1', kind: 'Pod', labels: ['metadata', 'labels'] },
];

/** A string as go-yaml writes it: plain, or single-quoted when a YAML 1.1 reader would take it for another type. */
function scalar(value: string): string {
  const special =
    value === '' ||
    /^(y|yes|n|no|true|false|on|off|null|~)$/i.test(value) ||
    /^[-+]?(\.\d+|\d[\d_]*(\.\d*)?)([eE][-+]?\d+)?$/.test(value) ||
    /^0(x[0-9a-fA-F_]+|o?[0-7_]+|b[01_]+)$/.test(value) ||
    !/^[A-Za-z0-9][-A-Za-z0-9_./]*$/.test(value);
  return special ? `'${value.replace(/'/g, "''")}'` : value;
}

/** The patch document: the object's header, then the labels at their path, keys in sorted order. */
function patchText(pod: PodKind, key: string, value: string): string {
  const apiVersion = pod.group ? `${pod.group}/${pod.version}` : pod.version;
  const lines = [`apiVersion: ${apiVersion}`, `kind: ${pod.kind}`];
  const label = `${scalar(key)}: ${scalar(value)}`;
  if (pod.labels[0] === 'metadata') {
    lines.push('metadata:', '  labels:', `    ${label}`, '  name: component-label');
  } else {
    lines.push('metadata:', '  name: component-label');
    pod.labels.forEach((segment, depth) => lines.push(`${'  '.repeat(depth)}${segment}:`));
    lines.push(`${'  '.repeat(pod.labels.length)}${label}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The post-renderer entry that labels every pod template of the release with the component label. */
export function componentLabelPostRenderer(key: string, value: string): Record<string, unknown> {
  return {
    kustomize: {
      patches: POD_KINDS.map((pod) => ({
        patch: patchText(pod, key, value),
        target: { group: pod.group || '^$', version: pod.version, kind: pod.kind },
      })),
    },
  };
}
