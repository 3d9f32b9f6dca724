import { type HandlerContext, type PropertiesOf } from 'kurel/plugin-api';
import { copyData, schemaBuilders } from 'kurel/plugin-kit';
import { appArmorProfileSchema, seccompProfileSchema, seLinuxOptionsSchema } from './container.js';
import { copyPresent } from './metadata.js';
import { podResources, resourcesSchema } from './resources.js';

/** The pod-level properties as `podSpecSchema` admits them, a Job's pods' deadline included where it applies. */
export type PodLevelProperties = PropertiesOf<PodSpecSchema<false>> & Partial<PropertiesOf<PodSpecSchema<true>>>;

/** The pod-level fields of a PodSpec as written (no containers). */
export interface PodSpecFields {
  nodeName?: string;
  schedulingGates?: unknown[];
  [key: string]: unknown;
}

const { bool, int, list, nameRefList, object, oneOf, str, stringList, stringMap } = schemaBuilders;

const podSecurityContextSchema = object('Pod-level security context, applying to every container (a container-level securityContext wins for its own fields).', {
  runAsUser: int("UID each container's entrypoint runs as."),
  runAsGroup: int("GID each container's entrypoint runs as."),
  runAsNonRoot: bool('Whether the containers must run as a non-root user.'),
  fsGroup: int('Supplemental group owning the volumes that support it.'),
  fsGroupChangePolicy: oneOf(['OnRootMismatch', 'Always'], 'When volume ownership is changed to fsGroup.'),
  supplementalGroups: list('Further GIDs of the first process of each container.', int('A group ID.')),
  supplementalGroupsPolicy: oneOf(['Merge', 'Strict'], "How supplementalGroups combine with the image's own groups."),
  seccompProfile: seccompProfileSchema,
  seLinuxOptions: seLinuxOptionsSchema,
  seLinuxChangePolicy: oneOf(['MountOption', 'Recursive'], "How the SELinux label is applied to the pod's volumes."),
  appArmorProfile: appArmorProfileSchema,
  sysctls: list('Namespaced kernel parameters.', object('One sysctl.', { name: str('Sysctl name.', { required: true }), value: str('Sysctl value.', { required: true }) })),
  windowsOptions: object('Windows-specific options.', {
    gmsaCredentialSpecName: str('Name of the GMSA credential spec.'),
    gmsaCredentialSpec: str('Inline GMSA credential spec.'),
    runAsUserName: str('Windows user name of the entrypoint.'),
    hostProcess: bool('Run as Windows HostProcess containers.'),
  }),
});

/**
 * The pod-level surface shared by every pod-running kind. `serviceAccount`, `priority`,
 * `overhead` and `ephemeralContainers` are left out on purpose, so they are refused as unknown.
 */
function podFields() {
  return {
    serviceAccountName: str('Existing ServiceAccount the pods run as; when set, the component generates no ServiceAccount of its own.'),
    automountServiceAccountToken: bool("Whether the ServiceAccount's token is mounted into the pods."),
    terminationGracePeriodSeconds: int('Seconds a pod is given to stop gracefully.'),
    dnsPolicy: oneOf(['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'], 'DNS policy; None needs dnsConfig.nameservers.'),
    dnsConfig: object('DNS resolver settings merged according to dnsPolicy.', {
      nameservers: stringList('Nameserver IP addresses.', 'An IP address.'),
      searches: stringList('Search domains.', 'A domain.'),
      options: list('Resolver options.', object('One option.', { name: str('Option name.', { required: true }), value: str('Option value, if any.') })),
    }),
    nodeSelector: stringMap('Node labels a node must carry to run the pods.'),
    nodeName: str('Node the pods are bound to, bypassing the scheduler.'),
    schedulerName: str('Scheduler that places the pods.'),
    priorityClassName: str('PriorityClass of the pods.'),
    preemptionPolicy: oneOf(['PreemptLowerPriority', 'Never'], 'Whether the pods may preempt lower-priority pods.'),
    runtimeClassName: str('RuntimeClass the pods run under.'),
    schedulingGates: nameRefList('Gates that must all be removed before the pods are scheduled.', 'One scheduling gate.'),
    schedulingGroup: object('Gang-scheduling group of the pods.', { podGroupName: str('PodGroup the pods are scheduled with.', { required: true }) }),
    hostNetwork: bool("Use the node's network namespace."),
    hostPID: bool("Use the node's PID namespace."),
    hostIPC: bool("Use the node's IPC namespace."),
    shareProcessNamespace: bool('Share one process namespace between the containers.'),
    hostname: str('Hostname of the pods.'),
    subdomain: str('Subdomain of the pods.'),
    setHostnameAsFQDN: bool("Set the pod's hostname to its FQDN."),
    hostnameOverride: str("Replaces the pod's hostname."),
    hostAliases: list('Extra /etc/hosts entries.', object('One IP and its hostnames.', {
      ip: str('IP address.', { required: true }),
      hostnames: stringList('Hostnames resolving to the IP.', 'A hostname.'),
    })),
    podSecurityContext: podSecurityContextSchema,
    imagePullSecrets: nameRefList('Secrets holding registry credentials.', 'One image-pull Secret.'),
    enableServiceLinks: bool('Whether Service links are injected as environment variables.'),
    os: object('Operating system of the containers.', { name: oneOf(['linux', 'windows'], 'OS name.', { required: true }) }),
    hostUsers: bool("Use the host's user namespace (true) or a new one (false)."),
    readinessGates: list('Extra conditions a pod needs to be ready.', object('One readiness gate.', { conditionType: str('Pod condition type.', { required: true }) })),
    resourceClaims: list('Dynamic Resource Allocation claims of the pods.', {
      ...object('One claim: resourceClaimName or resourceClaimTemplateName.', {
        name: str('Name containers refer to.', { required: true }),
        resourceClaimName: str('An existing ResourceClaim.'),
        resourceClaimTemplateName: str('A ResourceClaimTemplate a claim is made from per pod.'),
      }),
      exclusive: [['resourceClaimName', 'resourceClaimTemplateName']],
    }),
    podResources: resourcesSchema('Pod-level resources shared by all containers (cpu, memory and hugepages-<size> only).'),
  };
}

const jobPodFields = () => ({ podActiveDeadlineSeconds: int("Seconds a pod may run before it is terminated (the pod's activeDeadlineSeconds).") });

/** The pod fields, and for the pods of a Job (job, cronjob) the deadline of each pod. */
export type PodSpecSchema<J extends boolean> = ReturnType<typeof podFields> & (J extends true ? ReturnType<typeof jobPodFields> : unknown);

export function podSpecSchema<const J extends boolean>(options: { jobPods: J }): PodSpecSchema<J> {
  return (options.jobPods ? { ...podFields(), ...jobPodFields() } : podFields()) as PodSpecSchema<J>;
}

/** Pod fields whose property has the same name as the PodSpec field. */
const SAME_NAME = [
  'serviceAccountName', 'automountServiceAccountToken', 'terminationGracePeriodSeconds', 'dnsPolicy', 'dnsConfig',
  'nodeSelector', 'nodeName', 'schedulerName', 'priorityClassName', 'preemptionPolicy', 'runtimeClassName',
  'schedulingGates', 'schedulingGroup', 'shareProcessNamespace', 'hostname', 'subdomain', 'setHostnameAsFQDN',
  'hostnameOverride', 'hostAliases', 'imagePullSecrets', 'enableServiceLinks', 'os', 'hostUsers', 'readinessGates',
  'resourceClaims',
];

/** Plain booleans in the API: false is its default and is not written. */
const WRITTEN_WHEN_TRUE = ['hostNetwork', 'hostPID', 'hostIPC'] as const;

/** The authored pod-level fields of a PodSpec (no containers, volumes or scheduling rules). */
export function podLevelFields(props: PodLevelProperties, ctx: HandlerContext): PodSpecFields {
  if (props.shareProcessNamespace && props.hostPID) {
    ctx.fail('shareProcessNamespace and hostPID cannot both be true', ['shareProcessNamespace']);
  }
  if (props.dnsPolicy === 'None' && !props.dnsConfig?.nameservers?.length) {
    ctx.fail('dnsPolicy: None requires dnsConfig.nameservers with at least one entry', ['dnsPolicy']);
  }
  const spec: PodSpecFields = copyPresent({}, props, SAME_NAME);
  for (const key of WRITTEN_WHEN_TRUE) if (props[key] === true) spec[key] = true;
  if (props.podSecurityContext) spec.securityContext = copyData(props.podSecurityContext);
  if (props.podResources) spec.resources = podResources(props.podResources, ctx);
  if (props.podActiveDeadlineSeconds !== undefined) spec.activeDeadlineSeconds = props.podActiveDeadlineSeconds;
  // The API refuses nodeName on a pod that still has scheduling gates: such a pod is bound by
  // the scheduler once its gates are lifted, so the gates win and the binding is dropped.
  if (spec.nodeName !== undefined && spec.schedulingGates?.length) {
    ctx.warn(`nodeName "${spec.nodeName}" is not written: a pod with schedulingGates is bound by the scheduler once its gates are removed`);
    delete spec.nodeName;
  }
  return spec;
}
