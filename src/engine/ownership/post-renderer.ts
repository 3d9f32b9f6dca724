import type { ObjectLayouts } from './holders.js';

// The post-renderer a HelmRelease carries so that every pod its chart renders holds the component
// label: one strategic merge patch per kind the registry knows a pod template of, in registration
// order with the bare Pod last (the reference's order for the built-in kinds).

/** A kind the patch targets: its group and version, and the path of the labels it sets below the object's top level. */
interface PodKind {
  group: string;
  version: string;
  kind: string;
  labels: string[];
}

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
export function componentLabelPostRenderer(key: string, value: string, layouts: ObjectLayouts): Record<string, unknown> {
  const pods: PodKind[] = layouts.podTemplateKinds().map(({ group, version, kind, podTemplate }) => ({ group, version, kind, labels: [...podTemplate.path, 'metadata', 'labels'] }));
  return {
    kustomize: {
      patches: pods.map((pod) => ({
        patch: patchText(pod, key, value),
        target: { group: pod.group || '^$', version: pod.version, kind: pod.kind },
      })),
    },
  };
}
