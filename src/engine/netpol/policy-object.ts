import { type K8sObject, type LabelSelector, type NetworkPort } from '../../plugin-api/index.js';
import { componentLabelValue, copyData } from '../../plugin-api/kit/index.js';

// How a synthesized NetworkPolicy is written: metadata.name and metadata.namespace only (the
// ownership stage adds the component label), and a spec whose every selector is a copy of the
// input it came from, so that no two policies, and no policy and its input, share one.

export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

export function networkPolicy(name: string, namespace: string, spec: Record<string, unknown>): K8sObject {
  return { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace }, spec: copyData(spec) };
}

/**
 * The pods of an entry, by the component label of its owner. Under the key app, an entry a rule
 * emitted under another label value also carries its own value there, and both are selected.
 */
export function componentSelector(key: string, owner: string, entry: string): LabelSelector {
  const want = componentLabelValue(owner);
  const own = componentLabelValue(entry);
  if (key === 'app' && own !== want) return { matchExpressions: [{ key, operator: 'In', values: [want, own] }] };
  return { matchLabels: { [key]: want } };
}

/** A peer of one namespace, narrowed to the selected pods when there is a selector. */
export function namespacedPeer(namespace: string, podSelector?: LabelSelector): Record<string, unknown> {
  return {
    namespaceSelector: { matchLabels: { [NAMESPACE_NAME_LABEL]: namespace } },
    ...(podSelector ? { podSelector: copyData(podSelector) } : {}),
  };
}

export function policyPorts(ports: NetworkPort[]): Array<{ protocol: string; port: number }> {
  return ports.map((port) => ({ protocol: port.protocol ?? 'TCP', port: port.port }));
}
