import { bool, int, list, quantity, str, stringMap, strings, struct, map, type Fields, type GoField, type StructOptions } from './go-typed-schemas.js';

// Kubernetes core types the CRD specs embed, written from the Kubernetes API reference (k8s.io/api
// core/v1 and k8s.io/apimachinery meta/v1), as their Go types marshal.

const SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

/** The fields of a metav1.LabelSelector, for types that embed them beside their own. */
export const labelSelectorFields = (): Fields => ({
  matchLabels: stringMap('Labels the object must carry, each key to exactly this value.'),
  matchExpressions: list(
    'Label requirements, all of which must hold.',
    struct('A label requirement.', {
      key: str('The label key the requirement applies to.', { emit: 'always', required: true }),
      operator: str('How the key relates to the values: In, NotIn, Exists or DoesNotExist.', { emit: 'always', required: true, enum: SELECTOR_OPERATORS }),
      values: strings('The values; empty for Exists and DoesNotExist.'),
    }),
  ),
});

/** A metav1.LabelSelector. */
export const labelSelector = (description: string, options: StructOptions = {}): GoField => struct(description, labelSelectorFields(), options);

/** A corev1.SecretReference (name and namespace, both optional). */
export const secretReference = (description: string, options: StructOptions = {}): GoField =>
  struct(description, { name: str('The name of the Secret.'), namespace: str('The namespace of the Secret.') }, options);

/** corev1.PersistentVolumeAccessMode values. */
export const accessModes = (description: string): GoField =>
  list(description, str('An access mode.', { enum: ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'] }));

const SERVICE_TYPES = ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'];
/** A *corev1.ServiceType. */
export const serviceType = (description: string): GoField => str(`${description} ClusterIP, NodePort, LoadBalancer or ExternalName.`, { emit: 'pointer', enum: SERVICE_TYPES });

const int64Ptr = (description: string) => int(description, { emit: 'pointer' });
const strPtr = (description: string) => str(description, { emit: 'pointer' });
const boolPtr = (description: string) => bool(description, { emit: 'pointer' });

const profile = (description: string, types: string[]) =>
  struct(description, {
    type: str(`The kind of profile: ${types.join(', ')}.`, { emit: 'always', required: true, enum: types }),
    localhostProfile: strPtr('The profile loaded on the node, for type Localhost.'),
  });

/** A corev1.PodSecurityContext. */
export const podSecurityContext = (description: string): GoField =>
  struct(description, {
    seLinuxOptions: struct('The SELinux context of the containers.', {
      user: str('The SELinux user label.'),
      role: str('The SELinux role label.'),
      type: str('The SELinux type label.'),
      level: str('The SELinux level label.'),
    }),
    windowsOptions: struct('Windows-specific options.', {
      gmsaCredentialSpecName: strPtr('The name of the GMSA credential spec to use.'),
      gmsaCredentialSpec: strPtr('The GMSA credential spec, inline.'),
      runAsUserName: strPtr('The Windows user to run the entrypoint as.'),
      hostProcess: boolPtr('Whether the containers run as host processes.'),
    }),
    runAsUser: int64Ptr('The UID to run the entrypoint as.'),
    runAsGroup: int64Ptr('The GID to run the entrypoint as.'),
    runAsNonRoot: boolPtr('Whether the containers must run as a non-root user.'),
    supplementalGroups: list('Groups added to the first process of each container.', int('A GID.')),
    supplementalGroupsPolicy: str('How supplemental groups are computed: Merge or Strict.', { emit: 'pointer', enum: ['Merge', 'Strict'] }),
    fsGroup: int64Ptr('A supplemental group applied to the volumes the pod mounts.'),
    sysctls: list(
      'Namespaced sysctls set for the pod.',
      struct('A sysctl.', { name: str('The sysctl name.', { emit: 'always', required: true }), value: str('Its value.', { emit: 'always', required: true }) }),
    ),
    fsGroupChangePolicy: str('When the volume ownership is changed: OnRootMismatch or Always.', { emit: 'pointer', enum: ['OnRootMismatch', 'Always'] }),
    seccompProfile: profile('The seccomp profile of the containers.', ['Unconfined', 'RuntimeDefault', 'Localhost']),
    appArmorProfile: profile('The AppArmor profile of the containers.', ['Unconfined', 'RuntimeDefault', 'Localhost']),
    seLinuxChangePolicy: str('How the SELinux label is applied to volumes: MountOption or Recursive.', { emit: 'pointer' }),
  });

/** A corev1.ResourceRequirements. */
export const resourceRequirements = (description: string): GoField =>
  struct(description, {
    limits: map('The most of each resource the container may use.', quantity('A resource amount.', { emit: 'omitempty' })),
    requests: map('The least of each resource the container needs.', quantity('A resource amount.', { emit: 'omitempty' })),
    claims: list(
      'Resource claims of the pod the container uses.',
      struct('A claim.', { name: str('The name of a pod resource claim.', { emit: 'always', required: true }), request: str('A request of that claim.') }),
    ),
  });

const NODE_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'];
const nodeRequirements = (description: string) =>
  list(
    description,
    struct('A node requirement.', {
      key: str('The key the requirement applies to.', { emit: 'always', required: true }),
      operator: str('In, NotIn, Exists, DoesNotExist, Gt or Lt.', { emit: 'always', required: true, enum: NODE_OPERATORS }),
      values: strings('The values; one integer for Gt and Lt, none for Exists and DoesNotExist.'),
    }),
  );
const nodeSelectorTerm = (description: string, options: StructOptions = {}) =>
  struct(description, { matchExpressions: nodeRequirements('Requirements on node labels.'), matchFields: nodeRequirements('Requirements on node fields.') }, options);

const podAffinityTerm = (description: string, options: StructOptions = {}) =>
  struct(
    description,
    {
      labelSelector: labelSelector('The pods this term selects.'),
      namespaces: strings('The namespaces the selected pods are in.'),
      topologyKey: str('The node label whose value defines the co-location domain.', { emit: 'always', required: true }),
      namespaceSelector: labelSelector('The namespaces the selected pods are in, by label.'),
      matchLabelKeys: strings('Pod label keys whose values are added to the selector.'),
      mismatchLabelKeys: strings('Pod label keys whose values are excluded by the selector.'),
    },
    options,
  );

const podAffinity = (description: string) =>
  struct(description, {
    requiredDuringSchedulingIgnoredDuringExecution: list('Terms that must hold to schedule the pod.', podAffinityTerm('A term.')),
    preferredDuringSchedulingIgnoredDuringExecution: list(
      'Terms the scheduler prefers to hold.',
      struct('A weighted term.', {
        weight: int('The weight, 1 to 100.', { emit: 'always', required: true }),
        podAffinityTerm: podAffinityTerm('The term.', { emit: 'value', required: true }),
      }),
    ),
  });

/** A corev1.Affinity. */
export const affinity = (description: string): GoField =>
  struct(description, {
    nodeAffinity: struct('Node affinity.', {
      requiredDuringSchedulingIgnoredDuringExecution: struct('Terms one of which the node must match.', {
        nodeSelectorTerms: list('The terms, ORed.', nodeSelectorTerm('A term.'), { emit: 'always', required: true }),
      }),
      preferredDuringSchedulingIgnoredDuringExecution: list(
        'Terms the scheduler prefers the node to match.',
        struct('A weighted term.', {
          weight: int('The weight, 1 to 100.', { emit: 'always', required: true }),
          preference: nodeSelectorTerm('The term.', { emit: 'value', required: true }),
        }),
      ),
    }),
    podAffinity: podAffinity('Pods to be co-located with.'),
    podAntiAffinity: podAffinity('Pods to be kept apart from.'),
  });
