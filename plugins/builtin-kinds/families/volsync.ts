import { RefusalClass, type ComponentHandler, type JsonObject, type GoEncoding, type HandlerContext } from 'kurel/plugin-api';
import { defineKind, enforceMaxQuantity, enforcePodPolicy, goAlways, GO_OMIT_ZERO, GO_STRUCT } from 'kurel/plugin-kit';
import { volsyncBackubeV1alpha1 } from '../generated/volsync/index.js';
import { crdProperties } from '../shared/crd-properties.js';
import { crdSpec } from '../shared/crd-spec.js';
import { moverPodLabels, moverServiceAnnotations } from '../shared/metadata-holders.js';

// VolSync (volsync.backube/v1alpha1). The schemas are generated from backube/volsync's CRD
// manifests (crds/volsync/provenance.json); the `go` annotations say where the upstream types
// (api/v1alpha1) write what was not authored: non-pointer `omitempty` strings and bools drop their
// zero, customCA is a struct held by value, a Syncthing peer always writes its three fields.

const API = 'volsync.backube/v1alpha1';

type GoFields = Record<string, GoEncoding>;

/** Each field of a mover, by its path under the mover. */
const under = (mover: string, fields: GoFields): GoFields => Object.fromEntries(Object.entries(fields).map(([path, go]) => [`${mover}.${path}`, go]));

/** corev1.PodSecurityContext: the SELinux labels are non-pointer `omitempty` strings. */
const moverSecurityContext: GoFields = Object.fromEntries(['user', 'role', 'type', 'level'].map((label) => [`moverSecurityContext.seLinuxOptions.${label}`, GO_OMIT_ZERO]));

const customCA: GoFields = { customCA: GO_STRUCT, 'customCA.secretName': GO_OMIT_ZERO, 'customCA.configMapName': GO_OMIT_ZERO, 'customCA.key': GO_OMIT_ZERO };

const common: GoFields = { 'trigger.manual': GO_OMIT_ZERO, paused: GO_OMIT_ZERO, 'external.provider': GO_OMIT_ZERO };

/** The fields each mover of a ReplicationSource has: the CRD gives each its own set. */
const sourceGo: GoFields = {
  ...common,
  sourcePVC: GO_OMIT_ZERO,
  ...under('rsync', { copyMethod: GO_OMIT_ZERO }),
  ...under('rsyncTLS', { copyMethod: GO_OMIT_ZERO, ...moverSecurityContext }),
  ...under('rclone', { copyMethod: GO_OMIT_ZERO, ...moverSecurityContext, ...customCA }),
  ...under('restic', { copyMethod: GO_OMIT_ZERO, ...moverSecurityContext, ...customCA, repository: GO_OMIT_ZERO, unlock: GO_OMIT_ZERO }),
  ...under('syncthing', { ...moverSecurityContext, 'peers[].address': goAlways(''), 'peers[].ID': goAlways(''), 'peers[].introducer': goAlways(false) }),
};

const destinationGo: GoFields = {
  ...common,
  ...under('rsync', { copyMethod: GO_OMIT_ZERO, cleanupTempPVC: GO_OMIT_ZERO }),
  ...under('rsyncTLS', { copyMethod: GO_OMIT_ZERO, cleanupTempPVC: GO_OMIT_ZERO, ...moverSecurityContext }),
  ...under('rclone', { copyMethod: GO_OMIT_ZERO, cleanupTempPVC: GO_OMIT_ZERO, ...moverSecurityContext, ...customCA }),
  ...under('restic', {
    copyMethod: GO_OMIT_ZERO,
    cleanupTempPVC: GO_OMIT_ZERO,
    cleanupCachePVC: GO_OMIT_ZERO,
    enableFileDeletion: GO_OMIT_ZERO,
    ...moverSecurityContext,
    ...customCA,
    repository: GO_OMIT_ZERO,
  }),
};

const replicationsource = defineKind<JsonObject>({
  type: 'replicationsource',
  description: 'A VolSync ReplicationSource: replicates or backs up a PersistentVolumeClaim.',
  apiVersion: API,
  kind: 'ReplicationSource',
  scope: 'namespaced',
  metadataHolders: moverPodLabels('rsync', 'rsyncTLS', 'rclone', 'restic', 'syncthing'),
  ...crdProperties(crdSpec(volsyncBackubeV1alpha1.ReplicationSource), { go: sourceGo }),
  check: (spec, _input, ctx) => enforceMoverPolicy(spec, SOURCE_MOVERS, ctx),
});

const replicationdestination = defineKind<JsonObject>({
  type: 'replicationdestination',
  description: 'A VolSync ReplicationDestination: receives a replication or restores a backup into a volume.',
  apiVersion: API,
  kind: 'ReplicationDestination',
  scope: 'namespaced',
  metadataHolders: [...moverPodLabels('rsync', 'rsyncTLS', 'rclone', 'restic'), ...moverServiceAnnotations('rsync', 'rsyncTLS')],
  ...crdProperties(crdSpec(volsyncBackubeV1alpha1.ReplicationDestination), { go: destinationGo }),
  check: (spec, _input, ctx) => enforceMoverPolicy(spec, DESTINATION_MOVERS, ctx),
});

const SOURCE_MOVERS = ['rsync', 'rsyncTLS', 'rclone', 'restic', 'syncthing'];
const DESTINATION_MOVERS = ['rsync', 'rsyncTLS', 'rclone', 'restic'];

/**
 * Each mover under the environment policy: the volumes it creates (capacity, and restic's cache)
 * to the storage maximum, its container's resources as written to the cpu and memory maxima, and
 * its pod's security context.
 */
function enforceMoverPolicy(props: JsonObject, movers: string[], ctx: HandlerContext): void {
  for (const name of movers) {
    const written = props[name];
    if (!written || typeof written !== 'object') continue;
    // The schema types each mover as an object.
    const mover = written as JsonObject;
    for (const field of ['capacity', 'cacheCapacity']) {
      if (mover[field] !== undefined) enforceMaxQuantity(String(mover[field]), ctx.policy.maxStorageSize(), `${name}.${field}`, RefusalClass.storageMaximum, ctx, [name, field]);
    }
    const paths = { label: `${name}: `, field: (field: string) => [name, field === 'securityContext' ? 'moverSecurityContext' : field], volume: () => [name], podSecurityContextName: 'moverSecurityContext' };
    enforcePodPolicy({ securityContext: mover.moverSecurityContext }, [{ container: { resources: mover.moverResources }, label: `${name}.moverResources: `, path: [name], resourcesPath: [name, 'moverResources'] }], paths, ctx);
  }
}

export const kinds: ComponentHandler<unknown>[] = [replicationsource, replicationdestination];
