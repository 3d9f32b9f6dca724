import type { PropertySchema } from 'kurel/plugin-api';
import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { barmancloudCnpgIoV1 } from '../../../generated/plugin-barman-cloud/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { bool, int, list, obj, oneOf, req, str, strings } from '../schema.js';
import { resourceRequirements } from '../core/scheduling.js';
import { envVar } from '../core/volumes.js';
import { emptyStructs, omitZero } from '../go-shape.js';
import { extensionList } from './cluster-parts.js';
import { backupMethod, backupPluginConfiguration, backupTarget, barmanObjectStore, barmanOmitZero, clusterRef, onlineConfiguration } from './shared.js';

// CloudNativePG backups and images: Backup, ScheduledBackup, ImageCatalog and
// ClusterImageCatalog (postgresql.cnpg.io/v1), and the Barman Cloud plugin's ObjectStore
// (barmancloud.cnpg.io/v1). Each decoded strictly.

const backupProperties: Record<string, PropertySchema> = {
  cluster: clusterRef('The Cluster backed up.'),
  target: backupTarget,
  method: backupMethod,
  pluginConfiguration: backupPluginConfiguration('The plugin that takes the backup, for method plugin.'),
  online: bool('Take an online (hot) backup.'),
  onlineConfiguration: onlineConfiguration('Settings of an online backup.'),
};

export const cnpgBackup = defineOperatorKind({
  type: 'cnpg-backup',
  description: 'A CloudNativePG Backup (postgresql.cnpg.io/v1): one backup of a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Backup',
  spec: crdSpec(postgresqlCnpgIoV1.Backup),
  scope: 'namespaced',
  properties: backupProperties,
});

export const cnpgScheduledBackup = defineOperatorKind({
  type: 'cnpg-scheduledbackup',
  description: 'A CloudNativePG ScheduledBackup (postgresql.cnpg.io/v1): backups of a Cluster on a schedule.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ScheduledBackup',
  spec: crdSpec(postgresqlCnpgIoV1.ScheduledBackup),
  scope: 'namespaced',
  properties: {
    schedule: req(str('The schedule: a cron expression with seconds (six fields).')),
    suspend: bool('Suspend the schedule.'),
    immediate: bool('Take a backup as soon as the object is created.'),
    backupOwnerReference: oneOf(['none', 'self', 'cluster'], 'What owns the Backups it creates.'),
    ...backupProperties,
  },
});

export const cnpgObjectStore = defineOperatorKind({
  type: 'cnpg-objectstore',
  description: 'A Barman Cloud ObjectStore (barmancloud.cnpg.io/v1): where the barman-cloud plugin stores backups and WAL.',
  apiVersion: 'barmancloud.cnpg.io/v1',
  kind: 'ObjectStore',
  spec: crdSpec(barmancloudCnpgIoV1.ObjectStore),
  scope: 'namespaced',
  properties: {
    configuration: req(barmanObjectStore('The object store and its credentials.')),
    retentionPolicy: str('How long backups are kept (e.g. 30d).'),
    instanceSidecarConfiguration: obj('The plugin sidecar in the instance pods.', {
      cacheTTL: int('Seconds cache entries not managed by informers live.'),
      env: list('Environment variables of the sidecar.', envVar()),
      retentionPolicyIntervalSeconds: int('Seconds between retention policy checks.'),
      resources: resourceRequirements('Compute resources of the sidecar.'),
      additionalContainerArgs: strings('Extra arguments of the sidecar.', 'An argument.'),
      logLevel: oneOf(['error', 'warning', 'info', 'debug', 'trace'], 'The log level of the sidecar.'),
    }),
  },
  content(props) {
    const spec = structuredClone(props) as Record<string, unknown>;
    emptyStructs(spec, 'instanceSidecarConfiguration');
    emptyStructs(spec, 'instanceSidecarConfiguration.resources');
    omitZero(spec, 'instanceSidecarConfiguration.retentionPolicyIntervalSeconds', ...barmanOmitZero('configuration'));
    return spec;
  },
});

const catalogProperties: Record<string, PropertySchema> = {
  images: req(
    list(
      'The images, one per PostgreSQL major version.',
      obj('A catalog entry.', {
        image: req(str('The PostgreSQL image.')),
        major: req(int('The PostgreSQL major version.')),
        extensions: extensionList,
      }),
    ),
  ),
  componentImages: list(
    'Images of the other components the operator runs (pgbouncer, say).',
    obj('A component image.', { key: req(str('The component.')), image: req(str('Its image.')) }),
  ),
};

export const cnpgImageCatalog = defineOperatorKind({
  type: 'cnpg-imagecatalog',
  description: 'A CloudNativePG ImageCatalog (postgresql.cnpg.io/v1): PostgreSQL images by major version, in one namespace.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ImageCatalog',
  spec: crdSpec(postgresqlCnpgIoV1.ImageCatalog),
  scope: 'namespaced',
  properties: catalogProperties,
});

export const cnpgClusterImageCatalog = defineOperatorKind({
  type: 'cnpg-clusterimagecatalog',
  description: 'A CloudNativePG ClusterImageCatalog (postgresql.cnpg.io/v1): PostgreSQL images by major version, for the whole cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ClusterImageCatalog',
  spec: crdSpec(postgresqlCnpgIoV1.ClusterImageCatalog),
  scope: 'cluster',
  properties: catalogProperties,
});
