import { schemaBuilders } from 'kurel/plugin-kit';
import type { JsonObject } from 'kurel/plugin-api';
import { affinityShorthandHints } from './refused-fields.js';

const { bool, int, list, object, oneOf, openObject, str, stringMap } = schemaBuilders;

/** The Kubernetes Affinity struct, as the pod kinds take it. */
export const rawAffinitySchema = object('Pod scheduling affinity (a Kubernetes Affinity).', {
  nodeAffinity: openObject('Node affinity rules.'),
  podAffinity: openObject('Pod affinity rules.'),
  podAntiAffinity: openObject('Pod anti-affinity rules.'),
});

export const tolerationsSchema = list(
  'Taints the pods tolerate.',
  object('One toleration.', {
    key: str('Taint key; empty with operator Exists matches every key.'),
    operator: oneOf(['Exists', 'Equal'], 'How key and value are matched.'),
    value: str('Taint value, with operator Equal.'),
    effect: oneOf(['NoSchedule', 'PreferNoSchedule', 'NoExecute', ''], 'Taint effect; empty matches every effect.'),
    tolerationSeconds: int('How long a NoExecute taint is tolerated.'),
  }),
);

export const topologySpreadConstraintsSchema = list(
  'How the pods spread across topology domains.',
  openObject('One constraint (a Kubernetes TopologySpreadConstraint: maxSkew, topologyKey, whenUnsatisfiable, labelSelector, …).'),
);

/** webservice and worker: launcher's four-key affinity shorthand, evaluated by the role rule. */
export const affinityShorthandSchema = {
  ...object('Scheduling shorthand: spread the pods over nodes and require node labels.', {
    enablePodAntiAffinity: bool("Keep the component's pods apart with pod anti-affinity."),
    topologyKey: str('Topology key the anti-affinity is evaluated over.', { default: 'kubernetes.io/hostname' }),
    podAntiAffinityType: oneOf(['preferred', 'required'], 'A soft preference or a hard requirement.', { default: 'preferred' }),
    nodeSelector: stringMap('Node labels the pods require, as node affinity.'),
  }),
  ...affinityShorthandHints,
};

/** The Affinity the shorthand stands for, selecting the component's pods by `app`; undefined when it asks for none. */
/** The shorthand as `affinityShorthandSchema` admits it; `topologyKey` is defaulted by the schema. */
export interface AffinityShorthand {
  enablePodAntiAffinity?: boolean;
  topologyKey: string;
  podAntiAffinityType?: 'preferred' | 'required';
  nodeSelector?: Record<string, string>;
}

export function expandAffinityShorthand(shorthand: AffinityShorthand | undefined, labelValue: string): JsonObject | undefined {
  if (!shorthand) return undefined;
  const affinity: JsonObject = {};
  const nodeSelector = shorthand.nodeSelector ?? {};
  const nodeLabels = Object.keys(nodeSelector).sort();
  if (nodeLabels.length > 0) {
    const matchExpressions = nodeLabels.map((key) => ({ key, operator: 'In', values: [nodeSelector[key]] }));
    affinity.nodeAffinity = { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions }] } };
  }
  if (shorthand.enablePodAntiAffinity) {
    const term = { labelSelector: { matchLabels: { app: labelValue } }, topologyKey: shorthand.topologyKey };
    affinity.podAntiAffinity =
      shorthand.podAntiAffinityType === 'required'
        ? { requiredDuringSchedulingIgnoredDuringExecution: [term] }
        : { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: term }] };
  }
  return Object.keys(affinity).length > 0 ? affinity : undefined;
}
