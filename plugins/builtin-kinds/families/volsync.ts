import { enforceMaxQuantity, enforcePodPolicy, RefusalClass, type ComponentHandler, type HandlerContext } from 'kurel/plugin-api';
import { volsyncBackubeV1alpha1 } from '../generated/volsync/index.js';
import { crdSpec } from '../shared/crd-spec.js';
import { always, nested, OMIT_ZERO, struct, type GoShape } from '../shared/go-encoding.js';
import { podSecurityContextGo } from '../shared/k8s-go-shapes.js';
import { specKind } from '../shared/spec-kind.js';

// VolSync (volsync.backube/v1alpha1). The schemas are generated from backube/volsync's CRD
// manifests (crds/volsync/provenance.json); the Go shapes say where the upstream types
// (api/v1alpha1) write what was not authored: non-pointer `omitempty` strings and bools drop their
// zero, customCA is a struct held by value, a Syncthing peer always writes its three fields.

const API = 'volsync.backube/v1alpha1';

/** What every mover shares: its volume options and its pod's settings. */
const mover: GoShape = {
  copyMethod: OMIT_ZERO,
  cleanupTempPVC: OMIT_ZERO,
  cleanupCachePVC: OMIT_ZERO,
  enableFileDeletion: OMIT_ZERO,
  moverSecurityContext: nested(podSecurityContextGo),
};

const customCA = struct({ secretName: OMIT_ZERO, configMapName: OMIT_ZERO, key: OMIT_ZERO });

const movers: GoShape = {
  trigger: nested({ manual: OMIT_ZERO }),
  paused: OMIT_ZERO,
  external: nested({ provider: OMIT_ZERO }),
  rsync: nested(mover),
  rsyncTLS: nested(mover),
  rclone: nested({ ...mover, customCA }),
  restic: nested({ ...mover, customCA, repository: OMIT_ZERO, unlock: OMIT_ZERO }),
  syncthing: nested({ ...mover, peers: nested({ address: always(''), ID: always(''), introducer: always(false) }) }),
};

const replicationsource = specKind({
  type: 'replicationsource',
  description: 'A VolSync ReplicationSource: replicates or backs up a PersistentVolumeClaim.',
  apiVersion: API,
  kind: 'ReplicationSource',
  scope: 'namespaced',
  spec: crdSpec(volsyncBackubeV1alpha1.ReplicationSource),
  go: { ...movers, sourcePVC: OMIT_ZERO },
  check: (spec, ctx) => enforceMoverPolicy(spec, SOURCE_MOVERS, ctx),
});

const replicationdestination = specKind({
  type: 'replicationdestination',
  description: 'A VolSync ReplicationDestination: receives a replication or restores a backup into a volume.',
  apiVersion: API,
  kind: 'ReplicationDestination',
  scope: 'namespaced',
  spec: crdSpec(volsyncBackubeV1alpha1.ReplicationDestination),
  go: movers,
  check: (spec, ctx) => enforceMoverPolicy(spec, DESTINATION_MOVERS, ctx),
});

const SOURCE_MOVERS = ['rsync', 'rsyncTLS', 'rclone', 'restic', 'syncthing'];
const DESTINATION_MOVERS = ['rsync', 'rsyncTLS', 'rclone', 'restic'];

/**
 * Each mover under the environment policy: the volumes it creates (capacity, and restic's cache)
 * to the storage maximum, its container's resources as written to the cpu and memory maxima, and
 * its pod's security context.
 */
function enforceMoverPolicy(props: Record<string, any>, movers: string[], ctx: HandlerContext): void {
  for (const name of movers) {
    const mover = props[name];
    if (!mover || typeof mover !== 'object') continue;
    for (const field of ['capacity', 'cacheCapacity']) {
      if (mover[field] !== undefined) enforceMaxQuantity(String(mover[field]), ctx.policy.maxStorageSize(), `${name}.${field}`, RefusalClass.storageMaximum, ctx, [name, field]);
    }
    const paths = { label: `${name}: `, field: (field: string) => [name, field === 'securityContext' ? 'moverSecurityContext' : field], volume: () => [name], podSecurityContextName: 'moverSecurityContext' };
    enforcePodPolicy({ securityContext: mover.moverSecurityContext }, [{ container: { resources: mover.moverResources }, label: `${name}.moverResources: `, path: [name], resourcesPath: [name, 'moverResources'] }], paths, ctx);
  }
}

export const kinds: ComponentHandler<any>[] = [replicationsource, replicationdestination];
