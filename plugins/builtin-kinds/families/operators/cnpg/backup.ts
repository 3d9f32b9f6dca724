import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { barmancloudCnpgIoV1 } from '../../../generated/plugin-barman-cloud/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { emptyStructs, omitZero } from '../go-shape.js';
import { barmanOmitZero } from './go-omit.js';

// CloudNativePG backups and images: Backup, ScheduledBackup, ImageCatalog and
// ClusterImageCatalog (postgresql.cnpg.io/v1), and the Barman Cloud plugin's ObjectStore
// (barmancloud.cnpg.io/v1). Each decoded strictly.

export const cnpgBackup = defineOperatorKind({
  type: 'cnpg-backup',
  description: 'A CloudNativePG Backup (postgresql.cnpg.io/v1): one backup of a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Backup',
  spec: crdSpec(postgresqlCnpgIoV1.Backup),
  scope: 'namespaced',
});

export const cnpgScheduledBackup = defineOperatorKind({
  type: 'cnpg-scheduledbackup',
  description: 'A CloudNativePG ScheduledBackup (postgresql.cnpg.io/v1): backups of a Cluster on a schedule.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ScheduledBackup',
  spec: crdSpec(postgresqlCnpgIoV1.ScheduledBackup),
  scope: 'namespaced',
});

export const cnpgObjectStore = defineOperatorKind({
  type: 'cnpg-objectstore',
  description: 'A Barman Cloud ObjectStore (barmancloud.cnpg.io/v1): where the barman-cloud plugin stores backups and WAL.',
  apiVersion: 'barmancloud.cnpg.io/v1',
  kind: 'ObjectStore',
  spec: crdSpec(barmancloudCnpgIoV1.ObjectStore),
  scope: 'namespaced',
  content(props) {
    const spec = structuredClone(props) as Record<string, unknown>;
    emptyStructs(spec, 'instanceSidecarConfiguration');
    emptyStructs(spec, 'instanceSidecarConfiguration.resources');
    omitZero(spec, 'instanceSidecarConfiguration.retentionPolicyIntervalSeconds', ...barmanOmitZero('configuration'));
    return spec;
  },
});

export const cnpgImageCatalog = defineOperatorKind({
  type: 'cnpg-imagecatalog',
  description: 'A CloudNativePG ImageCatalog (postgresql.cnpg.io/v1): PostgreSQL images by major version, in one namespace.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ImageCatalog',
  spec: crdSpec(postgresqlCnpgIoV1.ImageCatalog),
  scope: 'namespaced',
});

export const cnpgClusterImageCatalog = defineOperatorKind({
  type: 'cnpg-clusterimagecatalog',
  description: 'A CloudNativePG ClusterImageCatalog (postgresql.cnpg.io/v1): PostgreSQL images by major version, for the whole cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ClusterImageCatalog',
  spec: crdSpec(postgresqlCnpgIoV1.ClusterImageCatalog),
  scope: 'cluster',
});
