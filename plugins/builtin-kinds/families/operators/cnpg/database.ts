import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { databaseOverlay } from './overlay.js';
import { checkGoValues, normaliseGoValues, omitZero } from '../go-shape.js';
import { ROLE_OMIT_ZERO } from './go-omit.js';

// CloudNativePG declarative database objects, postgresql.cnpg.io/v1: Database, DatabaseRole,
// Publication and Subscription, each decoded strictly.

export const cnpgDatabase = defineOperatorKind<{ name: string }>({
  type: 'cnpg-database',
  description: 'A CloudNativePG Database (postgresql.cnpg.io/v1): a database managed in a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Database',
  spec: crdSpec(postgresqlCnpgIoV1.Database),
  overlay: databaseOverlay,
  scope: 'namespaced',
  check(props, _input, ctx) {
    if (props.name === 'postgres') ctx.fail('name "postgres" is refused: the postgres database belongs to the operator, not to a Database object', ['name']);
  },
});

export const cnpgDatabaseRole = defineOperatorKind<Record<string, unknown>>({
  type: 'cnpg-databaserole',
  description: 'A CloudNativePG DatabaseRole (postgresql.cnpg.io/v1): a role managed in a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'DatabaseRole',
  spec: crdSpec(postgresqlCnpgIoV1.DatabaseRole),
  scope: 'namespaced',
  check: (props, _input, ctx) => checkGoValues(props, 'time', ctx, 'validUntil'),
  content(props) {
    const spec = structuredClone(props);
    omitZero(spec, ...ROLE_OMIT_ZERO);
    normaliseGoValues(spec, 'time', 'validUntil');
    return spec;
  },
});

export const cnpgPublication = defineOperatorKind({
  type: 'cnpg-publication',
  description: 'A CloudNativePG Publication (postgresql.cnpg.io/v1): a logical replication publication.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Publication',
  spec: crdSpec(postgresqlCnpgIoV1.Publication),
  scope: 'namespaced',
  content(props) {
    const spec = structuredClone(props) as Record<string, unknown>;
    omitZero(spec, 'target.allTables', 'target.objects[].table.only');
    return spec;
  },
});

export const cnpgSubscription = defineOperatorKind({
  type: 'cnpg-subscription',
  description: 'A CloudNativePG Subscription (postgresql.cnpg.io/v1): a logical replication subscription.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Subscription',
  spec: crdSpec(postgresqlCnpgIoV1.Subscription),
  scope: 'namespaced',
});
