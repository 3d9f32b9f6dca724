import type { PropertiesSchema } from 'kurel/plugin-api';
import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { clusterOverlay } from './overlay.js';
import { enforceClusterPolicy } from './cluster-policy.js';
import { bool, int, list, obj, oneOf, quantity, req, smap, str } from '../schema.js';
import { localObjectReference, secretKeySelector, templateMetadata } from '../core/meta.js';
import { nodeAffinity, nodeSelector, podAffinity, resourceRequirements, seccompProfile, toleration, topologySpreadConstraint } from '../core/scheduling.js';
import { envFromSource, envVar, ephemeralVolumeSource, persistentVolumeClaimSpec, projectedVolumeSource } from '../core/volumes.js';
import { podSecurityContext, securityContext } from '../core/pod.js';
import { checkGoValues, emptyStructs, normaliseGoValues, omitZero, zeroValue } from '../go-shape.js';
import { bootstrap, managed, monitoring, postgresConfiguration, probes, ROLE_OMIT_ZERO } from './cluster-parts.js';
import { backupTarget, barmanObjectStore, barmanOmitZero, pluginConfiguration, storageConfiguration, volumeSnapshotConfiguration } from './shared.js';

// CloudNativePG Cluster, postgresql.cnpg.io/v1 ClusterSpec: decoded strictly, no launcher
// opinions beyond the operator's own default of one instance.

const storage = (description: string) => storageConfiguration(description, persistentVolumeClaimSpec('The claim template of the volumes.'));

const properties: PropertiesSchema = {
  description: str('A description of the cluster.'),
  inheritedMetadata: templateMetadata('Labels and annotations the operator copies onto every object it creates for the cluster.'),
  imageName: str('The PostgreSQL image.'),
  imageCatalogRef: obj('The image catalog entry to run.', {
    apiGroup: str('The group of the catalog.'),
    kind: req(oneOf(['ImageCatalog', 'ClusterImageCatalog'], 'The kind of the catalog.')),
    name: req(str('The name of the catalog.')),
    major: req(int('The PostgreSQL major version.')),
  }),
  imagePullPolicy: oneOf(['Always', 'Never', 'IfNotPresent'], 'The pull policy of the image.'),
  schedulerName: str('The scheduler of the instance pods.'),
  postgresUID: int('The UID of the postgres user.'),
  postgresGID: int('The GID of the postgres user.'),
  instances: int('The number of instances.', { default: 1 }),
  minSyncReplicas: int('The minimum number of synchronous replicas.'),
  maxSyncReplicas: int('The maximum number of synchronous replicas.'),
  postgresql: postgresConfiguration,
  replicationSlots: obj('Replication slots.', {
    highAvailability: obj('Slots for the replicas of the cluster.', {
      enabled: bool('Whether they are managed.'),
      slotPrefix: str('The prefix of the slot names.'),
      synchronizeLogicalDecoding: bool('Synchronise logical decoding slots.'),
    }),
    updateInterval: int('Seconds between slot updates on the replicas.'),
    synchronizeReplicas: obj('Synchronising user slots to the replicas.', {
      enabled: req(bool('Whether user slots are synchronised.')),
      excludePatterns: list('Slot names not synchronised (regular expressions).', str('A pattern.')),
    }),
  }),
  bootstrap,
  replica: obj('Replica cluster settings.', {
    self: str('The name of this cluster in the distributed topology.'),
    primary: str('The primary cluster of the distributed topology.'),
    enabled: bool('Whether the cluster is a replica.'),
    source: req(str('The external cluster replicated.')),
    promotionToken: str('The token of a controlled promotion.'),
    minApplyDelay: str('The delay of applied changes (a duration).'),
  }),
  superuserSecret: localObjectReference('The Secret of the superuser.'),
  enableSuperuserAccess: bool('Allow superuser access over the network.'),
  certificates: obj('TLS certificates.', {
    serverCASecret: str('The Secret of the server CA.'),
    serverTLSSecret: str('The Secret of the server certificate.'),
    replicationTLSSecret: str('The Secret of the streaming_replica client certificate.'),
    clientCASecret: str('The Secret of the client CA.'),
    serverAltDNSNames: list('Extra DNS names of the server certificate.', str('A DNS name.')),
  }),
  imagePullSecrets: list('Pull secrets of the image.', localObjectReference('A pull secret.')),
  storage: storage('The data volumes.'),
  serviceAccountTemplate: obj('The ServiceAccount of the instances.', {
    metadata: req(obj('The metadata of the ServiceAccount.', { name: str('The name (only some templates honour it).'), labels: smap('Labels.', 'The label value.'), annotations: smap('Annotations.', 'The annotation value.') })),
  }),
  walStorage: storage('The WAL volumes.'),
  ephemeralVolumeSource: ephemeralVolumeSource('An ephemeral volume for temporary data.'),
  startDelay: int('Seconds an instance may take to start.'),
  stopDelay: int('Seconds an instance may take to stop.'),
  smartShutdownTimeout: int('Seconds of the smart shutdown before a fast one.'),
  switchoverDelay: int('Seconds the primary may take to shut down during a switchover.'),
  failoverDelay: int('Seconds before a failover starts.'),
  livenessProbeTimeout: int('Seconds the liveness probe may fail.'),
  affinity: obj('Scheduling of the instances.', {
    enablePodAntiAffinity: bool('Spread the instances with pod anti-affinity.'),
    topologyKey: str('The node label the anti-affinity spreads over.'),
    nodeSelector: nodeSelector('Node labels the instances run on.'),
    nodeAffinity: nodeAffinity('Node affinity.'),
    tolerations: list('Tolerations.', toleration()),
    podAntiAffinityType: oneOf(['preferred', 'required'], 'Whether the anti-affinity is preferred or required.'),
    additionalPodAntiAffinity: podAffinity('More pod anti-affinity terms.'),
    additionalPodAffinity: podAffinity('More pod affinity terms.'),
  }),
  topologySpreadConstraints: list('Topology spread constraints of the instances.', topologySpreadConstraint()),
  resources: resourceRequirements('Compute resources of the instances.'),
  ephemeralVolumesSizeLimit: obj('Size limits of the ephemeral volumes.', { shm: quantity('The shared memory volume.'), temporaryData: quantity('The temporary data volume.') }),
  priorityClassName: str('The PriorityClass of the instances.'),
  primaryUpdateStrategy: oneOf(['unsupervised', 'supervised'], 'Whether the primary is updated automatically or by hand.'),
  primaryUpdateMethod: oneOf(['switchover', 'restart'], 'How the primary is updated.'),
  backup: obj('Backup settings.', {
    volumeSnapshot: volumeSnapshotConfiguration('Volume snapshot backups.'),
    barmanObjectStore: barmanObjectStore('Backups to an object store with Barman (in-tree).'),
    retentionPolicy: str('How long backups are kept (e.g. 30d).'),
    target: backupTarget,
  }),
  nodeMaintenanceWindow: obj('Node maintenance settings.', { inProgress: bool('A maintenance is in progress.'), reusePVC: bool('Reuse the volume of a drained node.') }),
  monitoring,
  externalClusters: list(
    'Clusters this one reads from (bootstrap, replica).',
    obj('An external cluster.', {
      name: req(str('The name it is referred to by.')),
      connectionParameters: smap('libpq connection parameters.'),
      sslCert: secretKeySelector('The client certificate.'),
      sslKey: secretKeySelector('The client key.'),
      sslRootCert: secretKeySelector('The root certificate.'),
      password: secretKeySelector('The password.'),
      barmanObjectStore: barmanObjectStore('The object store holding its backups.'),
      plugin: pluginConfiguration('The plugin reading its backups.'),
    }),
  ),
  logLevel: oneOf(['error', 'warning', 'info', 'debug', 'trace'], 'The log level of the instance manager.'),
  projectedVolumeTemplate: projectedVolumeSource('A projected volume mounted in the instances.'),
  env: list('Environment variables of the instances.', envVar()),
  envFrom: list('Sources of environment variables of the instances.', envFromSource()),
  managed,
  seccompProfile: seccompProfile('The seccomp profile of the instances.'),
  podSecurityContext: podSecurityContext('The pod security context of the instances.'),
  securityContext: securityContext('The security context of the instance containers.'),
  tablespaces: list(
    'Tablespaces.',
    obj('A tablespace.', {
      name: req(str('The tablespace name.')),
      storage: storage('Its volumes.'),
      owner: obj('The owner role.', { name: str('The role.') }),
      temporary: bool('Use it for temporary objects.'),
    }),
  ),
  enablePDB: bool('Create a PodDisruptionBudget for the instances.'),
  plugins: list('Plugins of the instances.', pluginConfiguration('A plugin.')),
  probes,
};

const DURATIONS = ['replica.minApplyDelay', 'monitoring.metricsQueriesTTL'];

/** Fields Go writes without their zero value (`omitempty` on a non-pointer). */
const OMIT_ZERO = [
  'minSyncReplicas',
  'maxSyncReplicas',
  'postgresUID',
  'postgresGID',
  'startDelay',
  'stopDelay',
  'switchoverDelay',
  'failoverDelay',
  'monitoring.enablePodMonitor',
  'monitoring.tls.enabled',
  'postgresql.enableAlterSystem',
  'postgresql.promotionTimeout',
  'postgresql.ldap.tls',
  'replicationSlots.highAvailability.synchronizeLogicalDecoding',
  'replicationSlots.updateInterval',
  'nodeMaintenanceWindow.inProgress',
  'bootstrap.initdb.import.schemaOnly',
  'bootstrap.initdb.walSegmentSize',
  'tablespaces[].temporary',
  ...barmanOmitZero('backup.barmanObjectStore'),
  ...barmanOmitZero('externalClusters[].barmanObjectStore'),
];

export const cnpgCluster = defineOperatorKind<Record<string, unknown>>({
  type: 'cnpg-cluster',
  description: 'A CloudNativePG Cluster (postgresql.cnpg.io/v1), its spec as written.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Cluster',
  spec: crdSpec(postgresqlCnpgIoV1.Cluster),
  overlay: clusterOverlay,
  scope: 'namespaced',
  properties,
  check(props, _input, ctx) {
    checkGoValues(props, 'duration', ctx, ...DURATIONS);
    checkGoValues(props, 'time', ctx, 'managed.roles[].validUntil');
    enforceClusterPolicy(props, ctx);
  },
  content(props, _input, ctx) {
    const spec = structuredClone(props);
    // Authored > the policy's default; with neither, the size stays unset for the operator to refuse.
    const defaultSize = ctx.policy.defaultStorageSize();
    const storage = spec.storage as Record<string, unknown> | undefined;
    if (defaultSize && storage?.size === undefined) spec.storage = { ...storage, size: defaultSize };
    emptyStructs(spec, 'postgresql', 'affinity', 'resources', 'storage');
    emptyStructs(spec, 'postgresql.syncReplicaElectionConstraint', 'tablespaces[].storage', 'tablespaces[].owner');
    emptyStructs(spec, 'managed.services.additional[].serviceTemplate.metadata', 'managed.services.additional[].serviceTemplate.spec');
    zeroValue(spec, false, 'postgresql.syncReplicaElectionConstraint.enabled', 'postgresql.synchronous.failoverQuorum');
    omitZero(spec, ...OMIT_ZERO, ...ROLE_OMIT_ZERO.map((field) => `managed.roles[].${field}`));
    normaliseGoValues(spec, 'duration', ...DURATIONS);
    normaliseGoValues(spec, 'time', 'managed.roles[].validUntil');
    return spec;
  },
});
