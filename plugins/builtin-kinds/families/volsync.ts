import { RefusalClass, type ComponentHandler, type HandlerContext } from 'kurel/plugin-api';
import { enforceMaxQuantity } from 'kurel/plugin-api';
import { enforcePodPolicy } from 'kurel/plugin-api';
import { bool, int, list, quantity, str, stringMap, struct, type Fields } from '../shared/go-fields.js';
import { goKind } from '../shared/go-kind.js';
import { accessModes, affinity, podSecurityContext, resourceRequirements, serviceType } from '../shared/k8s-types.js';

// VolSync (volsync.backube/v1alpha1): property schemas written from the upstream API reference of
// backube/volsync (ReplicationSourceSpec, ReplicationDestinationSpec and their mover specs).

const API = 'volsync.backube/v1alpha1';
const strPtr = (description: string) => str(description, { emit: 'pointer' });
const int32Ptr = (description: string) => int(description, { emit: 'pointer' });

const COPY_METHODS = ['None', 'Direct', 'Clone', 'Snapshot'];

/** The volume options of a source mover (ReplicationSourceVolumeOptions). */
const sourceVolume = (): Fields => ({
  copyMethod: str('How the point-in-time image of the source is made: Direct, None, Clone or Snapshot.', { enum: COPY_METHODS }),
  capacity: quantity('The size of the point-in-time copy; the source size when absent.'),
  storageClassName: strPtr('The StorageClass of the point-in-time copy.'),
  accessModes: accessModes('The access modes of the point-in-time copy.'),
  volumeSnapshotClassName: strPtr('The VolumeSnapshotClass used with copyMethod Snapshot.'),
});

/** The volume options of a destination mover (ReplicationDestinationVolumeOptions). */
const destinationVolume = (): Fields => ({
  copyMethod: str('How the replicated data is kept: Direct, None or Snapshot.', { enum: COPY_METHODS }),
  capacity: quantity('The size of the destination volume.'),
  storageClassName: strPtr('The StorageClass of the destination volume.'),
  accessModes: accessModes('The access modes of the destination volume.'),
  volumeSnapshotClassName: strPtr('The VolumeSnapshotClass used with copyMethod Snapshot.'),
  destinationPVC: strPtr('An existing claim written into, instead of one VolSync creates.'),
  cleanupTempPVC: bool('Whether the temporary claim is deleted after each synchronization.'),
  cleanupCachePVC: bool('Whether the cache claim is deleted after each synchronization.'),
});

/** The settings of the mover pod (MoverConfig). */
const mover = (): Fields => ({
  moverSecurityContext: podSecurityContext('The security context of the mover pod.'),
  moverServiceAccount: strPtr('An existing ServiceAccount the mover pod runs as.'),
  moverPodLabels: stringMap('Labels put on the mover pod.'),
  moverResources: resourceRequirements('The resources of the mover container.'),
  moverAffinity: affinity('The affinity of the mover pod.'),
});

const customCA = () =>
  struct(
    'A CA the repository server is trusted with.',
    {
      secretName: str('The Secret holding the CA.'),
      configMapName: str('The ConfigMap holding the CA.'),
      key: str('The key holding the CA.'),
    },
    { emit: 'value' },
  );

const trigger = (description: string) =>
  struct(description, {
    schedule: strPtr('A cron schedule of the synchronizations.'),
    manual: str('A value whose change starts one synchronization.'),
  });

const rsync = (role: 'source' | 'destination'): Fields => ({
  ...(role === 'source' ? sourceVolume() : destinationVolume()),
  sshKeys: strPtr('The Secret holding the SSH keys.'),
  serviceType: serviceType('The type of the Service the destination listens on.'),
  address: strPtr('The address of the other side.'),
  port: int32Ptr('The SSH port of the other side.'),
  path: strPtr('The path on the other side.'),
  sshUser: strPtr('The SSH user on the other side.'),
  ...(role === 'destination' ? { serviceAnnotations: stringMap('Annotations of the Service.') } : {}),
  ...mover(),
});

const rsyncTLS = (role: 'source' | 'destination'): Fields => ({
  ...(role === 'source' ? sourceVolume() : destinationVolume()),
  keySecret: strPtr('The Secret holding the TLS pre-shared key.'),
  ...(role === 'source'
    ? { address: strPtr('The address of the destination.'), port: int32Ptr('The port of the destination.') }
    : { serviceType: serviceType('The type of the Service the destination listens on.'), serviceAnnotations: stringMap('Annotations of the Service.') }),
  ...mover(),
});

const rclone = (role: 'source' | 'destination'): Fields => ({
  ...(role === 'source' ? sourceVolume() : destinationVolume()),
  rcloneConfigSection: strPtr('The section of the rclone configuration used.'),
  rcloneDestPath: strPtr('The bucket path the data goes to or comes from.'),
  rcloneConfig: strPtr('The Secret holding the rclone configuration.'),
  customCA: customCA(),
  ...mover(),
});

const resticCommon = (): Fields => ({
  repository: str('The Secret holding the restic repository settings and password.'),
  customCA: customCA(),
  cacheCapacity: quantity('The size of the restic cache.'),
  cacheStorageClassName: strPtr('The StorageClass of the restic cache.'),
  cacheAccessModes: accessModes('The access modes of the restic cache.'),
});

const resticSource = struct('Backups with restic.', {
  ...sourceVolume(),
  pruneIntervalDays: int32Ptr('Days between repository prunes.'),
  ...resticCommon(),
  retain: struct('How many backups are kept.', {
    hourly: int32Ptr('Hourly backups kept.'),
    daily: int32Ptr('Daily backups kept.'),
    weekly: int32Ptr('Weekly backups kept.'),
    monthly: int32Ptr('Monthly backups kept.'),
    yearly: int32Ptr('Yearly backups kept.'),
    within: strPtr('Keep every backup within this duration of the latest.'),
  }),
  unlock: str('A value whose change removes stale repository locks.'),
  ...mover(),
});

const resticDestination = struct('Restores with restic.', {
  ...destinationVolume(),
  ...resticCommon(),
  previous: int32Ptr('How many backups before the latest to restore from.'),
  restoreAsOf: strPtr('Restore the latest backup made before this RFC 3339 time.'),
  enableFileDeletion: bool('Whether files absent from the backup are deleted from the destination.'),
  ...mover(),
});

const syncthing = struct('Continuous synchronization with Syncthing.', {
  peers: list(
    'The Syncthing peers.',
    struct('A peer.', {
      address: str('The address of the peer.', { emit: 'always', required: true }),
      ID: str('The Syncthing device ID of the peer.', { emit: 'always', required: true }),
      introducer: bool('Whether the peer is an introducer.', { emit: 'always' }),
    }),
  ),
  serviceType: serviceType('The type of the Service Syncthing listens on.'),
  configCapacity: quantity('The size of the Syncthing configuration volume.'),
  configStorageClassName: strPtr('The StorageClass of the Syncthing configuration volume.'),
  configAccessModes: accessModes('The access modes of the Syncthing configuration volume.'),
  ...mover(),
});

const external = struct('A mover outside VolSync.', {
  provider: str('The name of the external provider.'),
  parameters: stringMap('The parameters of the provider.'),
});

const replicationsource = goKind({
  type: 'replicationsource',
  description: 'A VolSync ReplicationSource: replicates or backs up a PersistentVolumeClaim.',
  apiVersion: API,
  kind: 'ReplicationSource',
  scope: 'namespaced',
  spec: {
    sourcePVC: str('The claim replicated.'),
    trigger: trigger('When synchronizations start; continuously when absent.'),
    rsync: struct('Deprecated: replication over rsync and SSH.', rsync('source')),
    rsyncTLS: struct('Replication over rsync and TLS.', rsyncTLS('source')),
    rclone: struct('Replication to a bucket with rclone.', rclone('source')),
    restic: resticSource,
    syncthing,
    paused: bool('Whether synchronizations are paused.'),
    external,
  },
  check: (props, _input, ctx) => enforceMoverPolicy(props, SOURCE_MOVERS, ctx),
});

const replicationdestination = goKind({
  type: 'replicationdestination',
  description: 'A VolSync ReplicationDestination: receives a replication or restores a backup into a volume.',
  apiVersion: API,
  kind: 'ReplicationDestination',
  scope: 'namespaced',
  spec: {
    trigger: trigger('When synchronizations start; continuously when absent.'),
    rsync: struct('Deprecated: replication over rsync and SSH.', rsync('destination')),
    rsyncTLS: struct('Replication over rsync and TLS.', rsyncTLS('destination')),
    rclone: struct('Replication from a bucket with rclone.', rclone('destination')),
    restic: resticDestination,
    paused: bool('Whether synchronizations are paused.'),
    external,
  },
  check: (props, _input, ctx) => enforceMoverPolicy(props, DESTINATION_MOVERS, ctx),
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
