import { EACH } from 'kurel/plugin-api';
import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { clusterOverlay } from './overlay.js';
import { enforceClusterPolicy } from './cluster-policy.js';
import { checkGoValues, emptyStructs, normaliseGoValues, omitZero, zeroValue } from '../go-shape.js';
import { barmanOmitZero, ROLE_OMIT_ZERO } from './go-omit.js';

// CloudNativePG Cluster, postgresql.cnpg.io/v1 ClusterSpec: its schema generated from the CRD,
// no launcher opinions beyond the operator's own default of one instance (overlay.ts).

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
  metadataHolders: [
    { path: ['spec', 'inheritedMetadata'], holder: 'spec.inheritedMetadata' },
    { path: ['spec', 'managed', 'services', 'additional', EACH, 'serviceTemplate', 'metadata'], holder: 'service template', noPods: true },
    { path: ['spec', 'serviceAccountTemplate', 'metadata'], holder: 'service account template', noPods: true },
    { path: ['spec', 'backup', 'volumeSnapshot'], holder: 'volume snapshot', noPods: true },
  ],
  overlay: clusterOverlay,
  scope: 'namespaced',
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
