import { defineKind, GO_TIME } from 'kurel/plugin-kit';
import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { crdProperties } from '../../../shared/crd-properties.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { databaseOverlay } from './overlay.js';
import { omitZeroAt, roleOmitZero } from './go-omit.js';

// CloudNativePG declarative database objects, postgresql.cnpg.io/v1: Database, DatabaseRole,
// Publication and Subscription, each decoded strictly.

export const cnpgDatabase = defineKind<{ name: string }>({
  type: 'cnpg-database',
  description: 'A CloudNativePG Database (postgresql.cnpg.io/v1): a database managed in a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Database',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.Database), { overlay: databaseOverlay }),
  scope: 'namespaced',
  check(props, _input, ctx) {
    if (props.name === 'postgres') ctx.fail('name "postgres" is refused: the postgres database belongs to the operator, not to a Database object', ['name']);
  },
});

export const cnpgDatabaseRole = defineKind<Record<string, unknown>>({
  type: 'cnpg-databaserole',
  description: 'A CloudNativePG DatabaseRole (postgresql.cnpg.io/v1): a role managed in a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'DatabaseRole',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.DatabaseRole), { go: { ...roleOmitZero(''), validUntil: GO_TIME } }),
  scope: 'namespaced',
});

export const cnpgPublication = defineKind({
  type: 'cnpg-publication',
  description: 'A CloudNativePG Publication (postgresql.cnpg.io/v1): a logical replication publication.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Publication',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.Publication), { go: omitZeroAt('target.allTables', 'target.objects[].table.only') }),
  scope: 'namespaced',
});

export const cnpgSubscription = defineKind({
  type: 'cnpg-subscription',
  description: 'A CloudNativePG Subscription (postgresql.cnpg.io/v1): a logical replication subscription.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Subscription',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.Subscription)),
  scope: 'namespaced',
});
