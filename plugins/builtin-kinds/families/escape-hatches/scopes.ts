// The API scope of the kinds the reference knows: Kubernetes' built-in kinds, and the custom
// resources registered with it (Flux, cert-manager, CloudNativePG, External Secrets, Cilium,
// Prometheus operator, VolSync, MetalLB, Gateway API). Matched by group and kind, in any version.

export type Scope = 'Cluster' | 'Namespaced';

const NAMESPACED: Record<string, string[]> = {
  '': ['Binding', 'ConfigMap', 'Endpoints', 'Event', 'LimitRange', 'PersistentVolumeClaim', 'Pod', 'PodTemplate', 'ReplicationController', 'ResourceQuota', 'Secret', 'Service', 'ServiceAccount'],
  apps: ['ControllerRevision', 'DaemonSet', 'Deployment', 'ReplicaSet', 'StatefulSet'],
  batch: ['CronJob', 'Job'],
  autoscaling: ['HorizontalPodAutoscaler'],
  policy: ['PodDisruptionBudget'],
  'networking.k8s.io': ['Ingress', 'NetworkPolicy'],
  'rbac.authorization.k8s.io': ['Role', 'RoleBinding'],
  'storage.k8s.io': ['CSIStorageCapacity'],
  'coordination.k8s.io': ['Lease'],
  'discovery.k8s.io': ['EndpointSlice'],
  'events.k8s.io': ['Event'],
  'resource.k8s.io': ['ResourceClaim', 'ResourceClaimTemplate'],
  'gateway.networking.k8s.io': ['BackendTLSPolicy', 'GRPCRoute', 'Gateway', 'HTTPRoute', 'ListenerSet', 'ReferenceGrant', 'TCPRoute', 'TLSRoute', 'UDPRoute'],
  'gateway.networking.x-k8s.io': ['XListenerSet'],
  'cert-manager.io': ['Certificate', 'CertificateRequest', 'Issuer'],
  'acme.cert-manager.io': ['Challenge', 'Order'],
  'source.toolkit.fluxcd.io': ['Bucket', 'ExternalArtifact', 'GitRepository', 'HelmChart', 'HelmRepository', 'OCIRepository'],
  'source.extensions.fluxcd.io': ['ArtifactGenerator'],
  'kustomize.toolkit.fluxcd.io': ['Kustomization'],
  'helm.toolkit.fluxcd.io': ['HelmRelease'],
  'notification.toolkit.fluxcd.io': ['Alert', 'Provider', 'Receiver'],
  'image.toolkit.fluxcd.io': ['ImagePolicy', 'ImageRepository', 'ImageUpdateAutomation'],
  'fluxcd.controlplane.io': ['FluxInstance', 'FluxReport', 'ResourceSet', 'ResourceSetInputProvider'],
  'postgresql.cnpg.io': ['Backup', 'Cluster', 'Database', 'FailoverQuorum', 'ImageCatalog', 'Pooler', 'Publication', 'ScheduledBackup', 'Subscription'],
  'barmancloud.cnpg.io': ['ObjectStore'],
  'external-secrets.io': ['ExternalSecret', 'PushSecret', 'SecretStore'],
  'cilium.io': ['CiliumEndpoint', 'CiliumEnvoyConfig', 'CiliumLocalRedirectPolicy', 'CiliumNetworkPolicy', 'CiliumNodeConfig'],
  'monitoring.coreos.com': ['Alertmanager', 'AlertmanagerConfig', 'PodMonitor', 'Probe', 'Prometheus', 'PrometheusAgent', 'PrometheusRule', 'ScrapeConfig', 'ServiceMonitor', 'ThanosRuler'],
  'volsync.backube': ['ReplicationDestination', 'ReplicationSource'],
  'metallb.io': ['BFDProfile', 'BGPAdvertisement', 'BGPPeer', 'Community', 'ConfigurationState', 'IPAddressPool', 'L2Advertisement', 'ServiceBGPStatus', 'ServiceL2Status'],
};

const CLUSTER: Record<string, string[]> = {
  '': ['ComponentStatus', 'Namespace', 'Node', 'PersistentVolume'],
  'networking.k8s.io': ['IPAddress', 'IngressClass', 'ServiceCIDR'],
  'rbac.authorization.k8s.io': ['ClusterRole', 'ClusterRoleBinding'],
  'storage.k8s.io': ['CSIDriver', 'CSINode', 'StorageClass', 'VolumeAttachment', 'VolumeAttributesClass'],
  'scheduling.k8s.io': ['PriorityClass'],
  'node.k8s.io': ['RuntimeClass'],
  'admissionregistration.k8s.io': [
    'MutatingAdmissionPolicy',
    'MutatingAdmissionPolicyBinding',
    'MutatingWebhookConfiguration',
    'ValidatingAdmissionPolicy',
    'ValidatingAdmissionPolicyBinding',
    'ValidatingWebhookConfiguration',
  ],
  'apiextensions.k8s.io': ['CustomResourceDefinition'],
  'apiregistration.k8s.io': ['APIService'],
  'certificates.k8s.io': ['CertificateSigningRequest', 'ClusterTrustBundle'],
  'flowcontrol.apiserver.k8s.io': ['FlowSchema', 'PriorityLevelConfiguration'],
  'resource.k8s.io': ['DeviceClass', 'ResourceSlice'],
  'gateway.networking.k8s.io': ['GatewayClass'],
  'cert-manager.io': ['ClusterIssuer'],
  'postgresql.cnpg.io': ['ClusterImageCatalog'],
  'external-secrets.io': ['ClusterExternalSecret', 'ClusterSecretStore'],
  'cilium.io': [
    'CiliumBGPAdvertisement',
    'CiliumBGPClusterConfig',
    'CiliumBGPNodeConfig',
    'CiliumBGPNodeConfigOverride',
    'CiliumBGPPeerConfig',
    'CiliumCIDRGroup',
    'CiliumClusterwideEnvoyConfig',
    'CiliumClusterwideNetworkPolicy',
    'CiliumEgressGatewayPolicy',
    'CiliumIdentity',
    'CiliumLoadBalancerIPPool',
    'CiliumNode',
  ],
};

let known: Map<string, Scope> | undefined;

function knownScopes(): Map<string, Scope> {
  if (known) return known;
  known = new Map();
  for (const [table, scope] of [
    [NAMESPACED, 'Namespaced'],
    [CLUSTER, 'Cluster'],
  ] as const) {
    for (const [group, kinds] of Object.entries(table)) for (const kind of kinds) known.set(`${group}/${kind}`, scope);
  }
  return known;
}

/** The group of an apiVersion: `apps/v1` → `apps`, `v1` → the core group. */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.lastIndexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** The scope of a kind the reference knows, or undefined for any other kind. */
export function knownScope(apiVersion: string, kind: string): Scope | undefined {
  return knownScopes().get(`${groupOf(apiVersion)}/${kind}`);
}
