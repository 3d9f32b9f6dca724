import type { PropertySchema } from 'kurel/plugin-api';
import { int, list, obj, oneOf, quantity, req, smap, str, strings } from '../schema.js';
import { labelSelector } from './meta.js';

// Scheduling, resources and environment types of Kubernetes core/v1.

export const resourceRequirements = (description: string): PropertySchema =>
  obj(description, {
    limits: { type: 'object', description: 'The maximum amount of compute resources allowed.', additionalProperties: quantity('A quantity.') },
    requests: { type: 'object', description: 'The minimum amount of compute resources required.', additionalProperties: quantity('A quantity.') },
    claims: list('Dynamic resources (resource claims) used by the container.', obj('A resource claim.', { name: req(str('Name of a resource claim of the pod.')), request: str('The request of the claim.') })),
  });

const nodeSelectorRequirement = obj('A node selector requirement.', {
  key: req(str('The label key.')),
  operator: req(oneOf(['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'], "The key's relationship to the values.")),
  values: strings('The values.', 'A value.'),
});

const nodeSelectorTerm = obj('A node selector term: its requirements are ANDed.', {
  matchExpressions: list('Requirements on node labels.', nodeSelectorRequirement),
  matchFields: list('Requirements on node fields.', nodeSelectorRequirement),
});

export const nodeAffinity = (description: string): PropertySchema =>
  obj(description, {
    requiredDuringSchedulingIgnoredDuringExecution: obj('Node requirements that must be met.', {
      nodeSelectorTerms: req(list('The terms, ORed.', nodeSelectorTerm)),
    }),
    preferredDuringSchedulingIgnoredDuringExecution: list(
      'Weighted node preferences.',
      obj('A weighted preference.', { weight: req(int('Weight, 1-100.')), preference: req(nodeSelectorTerm) }),
    ),
  });

export const podAffinityTerm = (description = 'A pod affinity term.'): PropertySchema =>
  obj(description, {
    labelSelector: labelSelector('The pods the term selects.'),
    namespaceSelector: labelSelector('The namespaces the term applies to.'),
    namespaces: strings('The namespaces the term applies to.', 'A namespace.'),
    topologyKey: req(str('The node label key whose value defines co-location.')),
    matchLabelKeys: strings('Pod label keys whose values are added to the selector.', 'A label key.'),
    mismatchLabelKeys: strings('Pod label keys whose values are excluded by the selector.', 'A label key.'),
  });

export const podAffinity = (description: string): PropertySchema =>
  obj(description, {
    requiredDuringSchedulingIgnoredDuringExecution: list('Terms that must be met.', podAffinityTerm()),
    preferredDuringSchedulingIgnoredDuringExecution: list(
      'Weighted terms.',
      obj('A weighted term.', { weight: req(int('Weight, 1-100.')), podAffinityTerm: req(podAffinityTerm()) }),
    ),
  });

export const affinity = (description: string): PropertySchema =>
  obj(description, {
    nodeAffinity: nodeAffinity('Node affinity rules.'),
    podAffinity: podAffinity('Pod affinity rules.'),
    podAntiAffinity: podAffinity('Pod anti-affinity rules.'),
  });

export const toleration = (description = 'A toleration.'): PropertySchema =>
  obj(description, {
    key: str('The taint key.'),
    operator: oneOf(['Exists', 'Equal'], 'The relationship of the key to the value.'),
    value: str('The taint value.'),
    effect: oneOf(['NoSchedule', 'PreferNoSchedule', 'NoExecute'], 'The taint effect to match.'),
    tolerationSeconds: int('How long a NoExecute taint is tolerated.'),
  });

export const topologySpreadConstraint = (description = 'A topology spread constraint.'): PropertySchema =>
  obj(description, {
    maxSkew: req(int('How unevenly pods may be spread.')),
    topologyKey: req(str('The node label key of the topology domains.')),
    whenUnsatisfiable: req(oneOf(['DoNotSchedule', 'ScheduleAnyway'], 'What to do with a pod that does not satisfy the constraint.')),
    labelSelector: labelSelector('The pods counted.'),
    minDomains: int('The minimum number of eligible domains.'),
    nodeAffinityPolicy: oneOf(['Honor', 'Ignore'], 'Whether node affinity is honoured when counting.'),
    nodeTaintsPolicy: oneOf(['Honor', 'Ignore'], 'Whether node taints are honoured when counting.'),
    matchLabelKeys: strings('Pod label keys whose values are added to the selector.', 'A label key.'),
  });

export const seccompProfile = (description: string): PropertySchema =>
  obj(description, {
    type: req(oneOf(['Localhost', 'RuntimeDefault', 'Unconfined'], 'The kind of seccomp profile.')),
    localhostProfile: str('The profile file on the node, for Localhost.'),
  });

export const nodeSelector = (description: string): PropertySchema => smap(description, 'The node label value.');
