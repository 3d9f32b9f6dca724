import { EACH } from 'kurel/plugin-api';
import { canonicalQuantity, defineKind, GO_DURATION, GO_STRUCT, GO_TIME, goAlways } from 'kurel/plugin-kit';
import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { crdProperties } from '../../../shared/crd-properties.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { clusterOverlay } from './overlay.js';
import { enforceClusterPolicy } from './cluster-policy.js';
import { barmanOmitZero, omitZeroAt, roleOmitZero, type GoFields } from './go-omit.js';

// CloudNativePG Cluster, postgresql.cnpg.io/v1 ClusterSpec: its schema generated from the CRD,
// no launcher opinions beyond the operator's own default of one instance (overlay.ts).

/** How the ClusterSpec Go type writes what was not authored. */
const clusterGo: GoFields = {
  postgresql: GO_STRUCT,
  affinity: GO_STRUCT,
  resources: GO_STRUCT,
  storage: GO_STRUCT,
  'postgresql.syncReplicaElectionConstraint': GO_STRUCT,
  'postgresql.syncReplicaElectionConstraint.enabled': goAlways(false),
  'postgresql.synchronous.failoverQuorum': goAlways(false),
  'tablespaces[].storage': GO_STRUCT,
  'tablespaces[].owner': GO_STRUCT,
  'managed.services.additional[].serviceTemplate.metadata': GO_STRUCT,
  'managed.services.additional[].serviceTemplate.spec': GO_STRUCT,
  'replica.minApplyDelay': GO_DURATION,
  'monitoring.metricsQueriesTTL': GO_DURATION,
  'managed.roles[].validUntil': GO_TIME,
  ...omitZeroAt(
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
  ),
  ...barmanOmitZero('backup.barmanObjectStore'),
  ...barmanOmitZero('externalClusters[].barmanObjectStore'),
  ...roleOmitZero('managed.roles[].'),
};

export const cnpgCluster = defineKind<Record<string, unknown>>({
  type: 'cnpg-cluster',
  description: 'A CloudNativePG Cluster (postgresql.cnpg.io/v1), its spec as written.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Cluster',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.Cluster), { go: clusterGo, overlay: clusterOverlay }),
  metadataHolders: [
    { path: ['spec', 'inheritedMetadata'], holder: 'spec.inheritedMetadata' },
    { path: ['spec', 'managed', 'services', 'additional', EACH, 'serviceTemplate', 'metadata'], holder: 'service template', noPods: true },
    { path: ['spec', 'serviceAccountTemplate', 'metadata'], holder: 'service account template', noPods: true },
    { path: ['spec', 'backup', 'volumeSnapshot'], holder: 'volume snapshot', noPods: true },
  ],
  scope: 'namespaced',
  check: (props, _input, ctx) => enforceClusterPolicy(props, ctx),
  // The content adds the policy's storage size and renames nothing.
  specIsGoType: true,
  content(spec, _input, ctx) {
    // Authored > the policy's default; with neither, the size stays unset for the operator to refuse.
    const defaultSize = ctx.policy.defaultStorageSize();
    const storage = spec.storage as Record<string, unknown> | undefined;
    if (!defaultSize || storage?.size !== undefined) return spec;
    return { ...spec, storage: { ...storage, size: canonicalQuantity(defaultSize) ?? defaultSize } };
  },
});
