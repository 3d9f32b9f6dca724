import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { barmancloudCnpgIoV1 } from '../../../generated/plugin-barman-cloud/index.js';
import { defineKind, GO_STRUCT } from 'kurel/plugin-kit';
import { crdProperties } from '../../../shared/crd-properties.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { barmanOmitZero, omitZeroAt } from './go-omit.js';

// CloudNativePG backups and images: Backup, ScheduledBackup, ImageCatalog and
// ClusterImageCatalog (postgresql.cnpg.io/v1), and the Barman Cloud plugin's ObjectStore
// (barmancloud.cnpg.io/v1). Each decoded strictly.

export const cnpgBackup = defineKind({
  type: 'cnpg-backup',
  description: 'A CloudNativePG Backup (postgresql.cnpg.io/v1): one backup of a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Backup',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.Backup)),
  scope: 'namespaced',
});

export const cnpgScheduledBackup = defineKind({
  type: 'cnpg-scheduledbackup',
  description: 'A CloudNativePG ScheduledBackup (postgresql.cnpg.io/v1): backups of a Cluster on a schedule.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ScheduledBackup',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.ScheduledBackup)),
  scope: 'namespaced',
});

export const cnpgObjectStore = defineKind({
  type: 'cnpg-objectstore',
  description: 'A Barman Cloud ObjectStore (barmancloud.cnpg.io/v1): where the barman-cloud plugin stores backups and WAL.',
  apiVersion: 'barmancloud.cnpg.io/v1',
  kind: 'ObjectStore',
  // The sidecar configuration and its resources are structs held by value.
  ...crdProperties(crdSpec(barmancloudCnpgIoV1.ObjectStore), {
    go: {
      instanceSidecarConfiguration: GO_STRUCT,
      'instanceSidecarConfiguration.resources': GO_STRUCT,
      ...omitZeroAt('instanceSidecarConfiguration.retentionPolicyIntervalSeconds'),
      ...barmanOmitZero('configuration'),
    },
  }),
  scope: 'namespaced',
});

export const cnpgImageCatalog = defineKind({
  type: 'cnpg-imagecatalog',
  description: 'A CloudNativePG ImageCatalog (postgresql.cnpg.io/v1): PostgreSQL images by major version, in one namespace.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ImageCatalog',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.ImageCatalog)),
  scope: 'namespaced',
});

export const cnpgClusterImageCatalog = defineKind({
  type: 'cnpg-clusterimagecatalog',
  description: 'A CloudNativePG ClusterImageCatalog (postgresql.cnpg.io/v1): PostgreSQL images by major version, for the whole cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ClusterImageCatalog',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.ClusterImageCatalog)),
  scope: 'cluster',
});
