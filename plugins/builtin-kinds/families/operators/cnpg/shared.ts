import type { PropertySchema } from 'kurel/plugin-api';
import { bool, int, list, obj, oneOf, req, smap, str, strings } from '../schema.js';
import { localObjectReference, secretKeySelector } from '../core/meta.js';

// Types several CloudNativePG kinds share: the Barman object store configuration (of the
// barman-cloud API the ObjectStore and a Cluster's barmanObjectStore embed), plugin
// configuration, volume snapshots and the cluster reference.

const compression = oneOf(['bzip2', 'gzip', 'lz4', 'snappy', 'xz', 'zstd'], 'The compression algorithm.');
const encryption = oneOf(['AES256', 'aws:kms'], 'The server-side encryption.');

export const barmanObjectStore = (description: string): PropertySchema =>
  obj(description, {
    s3Credentials: obj('Credentials for AWS S3 (or a compatible store).', {
      accessKeyId: secretKeySelector('The access key id.'),
      secretAccessKey: secretKeySelector('The secret access key.'),
      region: secretKeySelector('The region.'),
      sessionToken: secretKeySelector('The session token.'),
      inheritFromIAMRole: bool('Use the IAM role of the pod instead of keys.'),
    }),
    azureCredentials: obj('Credentials for Azure Blob Storage.', {
      connectionString: secretKeySelector('The connection string.'),
      storageAccount: secretKeySelector('The storage account.'),
      storageKey: secretKeySelector('The storage key.'),
      storageSasToken: secretKeySelector('A shared access signature token.'),
      inheritFromAzureAD: bool('Use the Azure AD workload identity of the pod.'),
      useDefaultAzureCredentials: bool('Use the default Azure credential chain.'),
    }),
    googleCredentials: obj('Credentials for Google Cloud Storage.', {
      applicationCredentials: secretKeySelector('The application credentials JSON.'),
      gkeEnvironment: bool('Use the GKE workload identity of the pod.'),
    }),
    endpointURL: str('The endpoint of the object store, when it is not the provider default.'),
    endpointCA: secretKeySelector('The CA bundle of the endpoint.'),
    destinationPath: req(str('Where the backups are stored: a bucket URL with an optional path.')),
    serverName: str('The server name the backups are stored under; the cluster name when absent.'),
    wal: obj('WAL archiving settings.', {
      compression,
      encryption,
      maxParallel: int('WAL files archived or restored in parallel.'),
      archiveAdditionalCommandArgs: strings('Extra arguments of barman-cloud-wal-archive.', 'An argument.'),
      restoreAdditionalCommandArgs: strings('Extra arguments of barman-cloud-wal-restore.', 'An argument.'),
    }),
    data: obj('Base backup settings.', {
      compression,
      encryption,
      immediateCheckpoint: bool('Request an immediate checkpoint at the start of a backup.'),
      jobs: int('Files uploaded in parallel.'),
      additionalCommandArgs: strings('Extra arguments of barman-cloud-backup.', 'An argument.'),
    }),
    tags: smap('Tags put on the backup files.'),
    historyTags: smap('Tags put on the history files.'),
  });

/** The barman configuration's fields Go writes without their zero value, under `prefix`. */
export const barmanOmitZero = (prefix: string): string[] =>
  ['s3Credentials.inheritFromIAMRole', 'azureCredentials.inheritFromAzureAD', 'googleCredentials.gkeEnvironment', 'wal.maxParallel', 'data.immediateCheckpoint'].map(
    (field) => `${prefix}.${field}`,
  );

export const pluginConfiguration = (description: string): PropertySchema =>
  obj(description, {
    name: req(str('The plugin name.')),
    enabled: bool('Whether the plugin is enabled.'),
    isWALArchiver: bool('Whether the plugin archives the WAL.'),
    parameters: smap('Parameters passed to the plugin.'),
  });

export const backupPluginConfiguration = (description: string): PropertySchema =>
  obj(description, { name: req(str('The plugin name.')), parameters: smap('Parameters passed to the plugin.') });

export const onlineConfiguration = (description: string): PropertySchema =>
  obj(description, {
    waitForArchive: bool('Wait for the WAL of the backup to be archived.'),
    immediateCheckpoint: bool('Request an immediate checkpoint at the start of the backup.'),
  });

export const volumeSnapshotConfiguration = (description: string): PropertySchema =>
  obj(description, {
    labels: smap('Labels put on the VolumeSnapshots.'),
    annotations: smap('Annotations put on the VolumeSnapshots.'),
    className: str('The VolumeSnapshotClass of the data volumes.'),
    walClassName: str('The VolumeSnapshotClass of the WAL volumes.'),
    tablespaceClassName: smap('The VolumeSnapshotClass of each tablespace.', 'A VolumeSnapshotClass name.'),
    snapshotOwnerReference: oneOf(['none', 'cluster', 'backup'], 'What owns the VolumeSnapshots.'),
    online: bool('Take online (hot) snapshots.'),
    onlineConfiguration: onlineConfiguration('Settings of online snapshots.'),
  });

export const clusterRef = (description = 'The CloudNativePG Cluster it belongs to.'): PropertySchema => req(localObjectReference(description));

export const backupMethod = oneOf(['barmanObjectStore', 'volumeSnapshot', 'plugin'], 'How the backup is taken.');
export const backupTarget = oneOf(['primary', 'prefer-standby'], 'The instance the backup is taken from.');

export const storageConfiguration = (description: string, pvcSpec: PropertySchema): PropertySchema =>
  obj(description, {
    storageClass: str('The StorageClass of the volumes.'),
    size: str('The size of the volumes.'),
    resizeInUseVolumes: bool('Resize the volumes while in use.'),
    pvcTemplate: pvcSpec,
  });

export const reclaimPolicy = (description: string): PropertySchema => oneOf(['delete', 'retain'], description);

export const objectList = (description: string, itemDescription: string, extra: Record<string, PropertySchema>): PropertySchema =>
  list(description, obj(itemDescription, { name: req(str('The object name.')), ensure: oneOf(['present', 'absent'], 'Whether the object is present or absent.', { default: 'present' }), ...extra }));

/** A Prometheus relabeling rule, as a Cluster's and a Pooler's PodMonitor settings take it. */
export const relabelConfig = obj('A Prometheus relabeling rule.', {
  sourceLabels: strings('The source labels.', 'A label.'),
  separator: str('The separator of concatenated source labels.'),
  targetLabel: str('The label written.'),
  regex: str('The regular expression matched.'),
  modulus: int('The modulus of a hashmod.'),
  replacement: str('The replacement.'),
  action: str('The relabeling action.'),
});
