import type { PropertySchema } from 'kurel/plugin-api';
import { bool, int, intOrString, list, obj, oneOf, req, smap, str, strings } from '../schema.js';
import { localObjectReference } from './meta.js';
import { affinity, nodeSelector, resourceRequirements, seccompProfile, toleration, topologySpreadConstraint } from './scheduling.js';
import { envFromSource, envVar, volume } from './volumes.js';

// Pod, container, Service and Deployment-strategy types of Kubernetes core/v1 and apps/v1, for
// the templates an operator fills (a CloudNativePG Pooler's pods and Service).

const httpGet = obj('An HTTP GET check.', {
  path: str('The path.'),
  port: req(intOrString('The port, by number or name.')),
  host: str('The host.'),
  scheme: oneOf(['HTTP', 'HTTPS'], 'The scheme.'),
  httpHeaders: list('Headers sent.', obj('A header.', { name: req(str('Header name.')), value: req(str('Header value.')) })),
});
const exec = obj('A command check.', { command: strings('The command line.', 'An argument.') });
const tcpSocket = obj('A TCP check.', { port: req(intOrString('The port.')), host: str('The host.') });

/** When and how often a probe runs, and what counts as its result (CloudNativePG's probes take these too). */
export const probeTiming = {
  initialDelaySeconds: int('Seconds before the first probe.'),
  timeoutSeconds: int('Seconds before the probe times out.'),
  periodSeconds: int('Seconds between probes.'),
  successThreshold: int('Successes that count as success.'),
  failureThreshold: int('Failures that count as failure.'),
  terminationGracePeriodSeconds: int('Grace period on failure.'),
};

const probe = (description: string): PropertySchema =>
  obj(description, {
    exec,
    httpGet,
    tcpSocket,
    grpc: obj('A gRPC check.', { port: req(int('The port.')), service: str('The service name.') }),
    ...probeTiming,
  });

const handler = (description: string): PropertySchema =>
  obj(description, { exec, httpGet, tcpSocket, sleep: obj('A pause.', { seconds: req(int('Seconds to sleep.')) }) });

export const securityContext = (description: string): PropertySchema =>
  obj(description, {
    allowPrivilegeEscalation: bool('Whether a process may gain more privileges than its parent.'),
    capabilities: obj('Capabilities added and dropped.', { add: strings('Added.', 'A capability.'), drop: strings('Dropped.', 'A capability.') }),
    privileged: bool('Run privileged.'),
    procMount: str('The proc mount type.'),
    readOnlyRootFilesystem: bool('Mount the root filesystem read-only.'),
    runAsGroup: int('The GID to run as.'),
    runAsNonRoot: bool('Require a non-root user.'),
    runAsUser: int('The UID to run as.'),
    seLinuxOptions: obj('SELinux labels.', { user: str('User.'), role: str('Role.'), type: str('Type.'), level: str('Level.') }),
    seccompProfile: seccompProfile('The seccomp profile.'),
    appArmorProfile: obj('The AppArmor profile.', { type: req(str('The kind of profile.')), localhostProfile: str('The profile on the node.') }),
  });

export const podSecurityContext = (description: string): PropertySchema =>
  obj(description, {
    fsGroup: int('A supplemental group owning the volumes.'),
    fsGroupChangePolicy: oneOf(['OnRootMismatch', 'Always'], 'How the fsGroup is applied.'),
    runAsGroup: int('The GID to run as.'),
    runAsNonRoot: bool('Require a non-root user.'),
    runAsUser: int('The UID to run as.'),
    supplementalGroups: list('Supplemental groups.', int('A GID.')),
    supplementalGroupsPolicy: oneOf(['Merge', 'Strict'], 'How supplemental groups are computed.'),
    seccompProfile: seccompProfile('The seccomp profile.'),
    appArmorProfile: obj('The AppArmor profile.', { type: req(str('The kind of profile.')), localhostProfile: str('The profile on the node.') }),
    seLinuxOptions: obj('SELinux labels.', { user: str('User.'), role: str('Role.'), type: str('Type.'), level: str('Level.') }),
    seLinuxChangePolicy: str('How SELinux labels are applied to volumes.'),
    sysctls: list('Sysctls.', obj('A sysctl.', { name: req(str('Name.')), value: req(str('Value.')) })),
    windowsOptions: obj('Windows settings.', {
      gmsaCredentialSpecName: str('The GMSA credential spec.'),
      gmsaCredentialSpec: str('The GMSA credential spec content.'),
      runAsUserName: str('The user name.'),
      hostProcess: bool('Run as a host process.'),
    }),
  });

export const container = (description = 'A container.'): PropertySchema =>
  obj(description, {
    name: req(str('Name of the container.')),
    image: str('The container image.'),
    imagePullPolicy: oneOf(['Always', 'Never', 'IfNotPresent'], 'The pull policy.'),
    command: strings('The entrypoint.', 'An argument.'),
    args: strings('Arguments to the entrypoint.', 'An argument.'),
    workingDir: str('The working directory.'),
    ports: list(
      'Ports exposed.',
      obj('A container port.', {
        containerPort: req(int('The port number.')),
        name: str('The port name.'),
        protocol: oneOf(['TCP', 'UDP', 'SCTP'], 'The protocol.'),
        hostPort: int('The host port.'),
        hostIP: str('The host IP.'),
      }),
    ),
    env: list('Environment variables.', envVar()),
    envFrom: list('Sources of environment variables.', envFromSource()),
    resources: resourceRequirements('Compute resources.'),
    volumeMounts: list(
      'Volumes mounted.',
      obj('A volume mount.', {
        name: req(str('The volume.')),
        mountPath: req(str('Where it is mounted.')),
        subPath: str('A sub-path of the volume.'),
        subPathExpr: str('A sub-path with variables.'),
        readOnly: bool('Mount read-only.'),
        mountPropagation: str('The mount propagation.'),
        recursiveReadOnly: str('Recursive read-only mode.'),
      }),
    ),
    livenessProbe: probe('The liveness probe.'),
    readinessProbe: probe('The readiness probe.'),
    startupProbe: probe('The startup probe.'),
    lifecycle: obj('Lifecycle hooks.', { postStart: handler('Run after start.'), preStop: handler('Run before stop.'), stopSignal: str('The stop signal.') }),
    securityContext: securityContext('The security context of the container.'),
    restartPolicy: str('Restart policy of an init container (Always for a sidecar).'),
    terminationMessagePath: str('Path of the termination message.'),
    terminationMessagePolicy: oneOf(['File', 'FallbackToLogsOnError'], 'How the termination message is read.'),
    resizePolicy: list('How each resource is resized in place.', obj('A resize policy.', { resourceName: req(str('The resource.')), restartPolicy: req(oneOf(['NotRequired', 'RestartContainer'], 'Whether a resize restarts the container.')) })),
    stdin: bool('Allocate stdin.'),
    stdinOnce: bool('Close stdin after one attach.'),
    tty: bool('Allocate a TTY.'),
  });

export const podSpec = (description: string): PropertySchema =>
  obj(description, {
    containers: req(list('The containers (at least one).', container())),
    initContainers: list('Init containers.', container()),
    volumes: list('Volumes.', volume()),
    affinity: affinity('Scheduling affinity.'),
    tolerations: list('Tolerations.', toleration()),
    topologySpreadConstraints: list('Topology spread constraints.', topologySpreadConstraint()),
    nodeSelector: nodeSelector('Node labels the pod must run on.'),
    nodeName: str('The node to run on.'),
    serviceAccountName: str('The ServiceAccount to run as.'),
    automountServiceAccountToken: bool('Mount the service account token.'),
    securityContext: podSecurityContext('The security context of the pod.'),
    imagePullSecrets: list('Pull secrets.', localObjectReference('A pull secret.')),
    priorityClassName: str('The PriorityClass.'),
    priority: int('The priority value.'),
    schedulerName: str('The scheduler.'),
    restartPolicy: oneOf(['Always', 'OnFailure', 'Never'], 'The restart policy.'),
    terminationGracePeriodSeconds: int('Grace period on termination.'),
    activeDeadlineSeconds: int('Deadline of the pod.'),
    dnsPolicy: str('The DNS policy.'),
    dnsConfig: obj('DNS settings.', {
      nameservers: strings('Name servers.', 'An address.'),
      searches: strings('Search domains.', 'A domain.'),
      options: list('Resolver options.', obj('An option.', { name: str('Name.'), value: str('Value.') })),
    }),
    hostNetwork: bool('Use the host network.'),
    hostPID: bool('Use the host PID namespace.'),
    hostIPC: bool('Use the host IPC namespace.'),
    hostname: str('The hostname.'),
    subdomain: str('The subdomain.'),
    runtimeClassName: str('The RuntimeClass.'),
    enableServiceLinks: bool('Inject Service environment variables.'),
    shareProcessNamespace: bool('Share one process namespace.'),
    preemptionPolicy: str('The preemption policy.'),
    setHostnameAsFQDN: bool('Use the FQDN as hostname.'),
    hostAliases: list('Entries added to /etc/hosts.', obj('A host alias.', { ip: req(str('The IP address.')), hostnames: strings('Its host names.', 'A host name.') })),
    hostUsers: bool('Use the host user namespace.'),
    os: obj('The operating system of the pod.', { name: req(oneOf(['linux', 'windows'], 'The OS name.')) }),
    readinessGates: list('Extra readiness conditions.', obj('A readiness gate.', { conditionType: req(str('The pod condition type.')) })),
    schedulingGates: list('Gates that hold the pod from scheduling.', obj('A scheduling gate.', { name: req(str('The gate name.')) })),
    overhead: { type: 'object', description: 'Resource overhead of the pod sandbox.', additionalProperties: { types: ['string', 'number'], description: 'A quantity.' } },
  });

/** The metadata of an operator's embedded template (CloudNativePG's Metadata type). */
const templateMetadata = (description: string): PropertySchema =>
  obj(description, {
    name: str('The name of the object, for the templates that honour it.'),
    labels: smap('Labels.', 'The label value.'),
    annotations: smap('Annotations.', 'The annotation value.'),
  });

export const podTemplate = (description: string): PropertySchema =>
  obj(description, { metadata: templateMetadata('Labels and annotations of the pods.'), spec: podSpec('The pod spec.') });

const servicePort = obj('A Service port.', {
  name: str('The port name.'),
  protocol: oneOf(['TCP', 'UDP', 'SCTP'], 'The protocol.'),
  appProtocol: str('The application protocol.'),
  port: req(int('The port number.')),
  targetPort: intOrString('The target port.'),
  nodePort: int('The node port.'),
});

export const serviceTemplate = (description: string): PropertySchema =>
  obj(description, {
    metadata: templateMetadata('Labels and annotations of the Service.'),
    spec: obj('The Service spec.', {
      type: oneOf(['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'], 'The Service type.'),
      ports: list('Ports.', servicePort),
      selector: smap('Pod labels the Service selects.'),
      clusterIP: str('The cluster IP.'),
      clusterIPs: strings('The cluster IPs.', 'An address.'),
      externalIPs: strings('External IPs.', 'An address.'),
      externalName: str('The external name.'),
      externalTrafficPolicy: oneOf(['Cluster', 'Local'], 'The external traffic policy.'),
      internalTrafficPolicy: oneOf(['Cluster', 'Local'], 'The internal traffic policy.'),
      loadBalancerIP: str('The load balancer IP.'),
      loadBalancerClass: str('The load balancer class.'),
      loadBalancerSourceRanges: strings('Client ranges allowed.', 'A CIDR.'),
      allocateLoadBalancerNodePorts: bool('Allocate node ports for a load balancer.'),
      healthCheckNodePort: int('The health check node port.'),
      ipFamilies: strings('IP families.', 'IPv4 or IPv6.'),
      ipFamilyPolicy: oneOf(['SingleStack', 'PreferDualStack', 'RequireDualStack'], 'The IP family policy.'),
      publishNotReadyAddresses: bool('Publish not-ready addresses.'),
      sessionAffinity: oneOf(['ClientIP', 'None'], 'The session affinity.'),
      sessionAffinityConfig: obj('Session affinity settings.', { clientIP: obj('Client IP settings.', { timeoutSeconds: int('Timeout.') }) }),
      trafficDistribution: str('The traffic distribution preference.'),
    }),
  });

export const deploymentStrategy = (description: string): PropertySchema =>
  obj(description, {
    type: oneOf(['Recreate', 'RollingUpdate'], 'The strategy type.'),
    rollingUpdate: obj('Rolling update settings.', {
      maxUnavailable: intOrString('Pods that may be unavailable during the update.'),
      maxSurge: intOrString('Pods that may be created above the desired count.'),
    }),
  });

