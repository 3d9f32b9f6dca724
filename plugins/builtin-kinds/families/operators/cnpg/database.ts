import type { PropertySchema } from 'kurel/plugin-api';
import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { databaseOverlay } from './overlay.js';
import { bool, int, list, obj, oneOf, req, smap, str, strings } from '../schema.js';
import { checkGoValues, normaliseGoValues, omitZero } from '../go-shape.js';
import { ROLE_OMIT_ZERO, roleProperties } from './cluster-parts.js';
import { clusterRef, objectList, reclaimPolicy } from './shared.js';

// CloudNativePG declarative database objects, postgresql.cnpg.io/v1: Database, DatabaseRole,
// Publication and Subscription, each decoded strictly.

const usage = list('Privileges granted or revoked.', obj('A usage grant.', { name: req(str('The role.')), type: oneOf(['grant', 'revoke'], 'Grant or revoke.') }));
const options = list(
  'Options of the object.',
  obj('An option.', { name: req(str('The option name.')), value: req(str('The option value.')), ensure: oneOf(['present', 'absent'], 'Whether the option is present or absent.') }),
);

const databaseProperties: Record<string, PropertySchema> = {
  cluster: clusterRef(),
  ensure: oneOf(['present', 'absent'], 'Whether the database is present or absent.'),
  name: req(str('The database name.')),
  owner: req(str('The role owning the database.')),
  template: str('The template database.'),
  encoding: str('The character encoding.'),
  locale: str('The locale.'),
  localeProvider: str('The locale provider.'),
  localeCollate: str('LC_COLLATE.'),
  localeCType: str('LC_CTYPE.'),
  icuLocale: str('The ICU locale.'),
  icuRules: str('The ICU collation rules.'),
  builtinLocale: str('The builtin locale.'),
  collationVersion: str('The collation version.'),
  isTemplate: bool('Whether the database is a template.'),
  allowConnections: bool('Whether connections are allowed.'),
  connectionLimit: int('Concurrent connections allowed; -1 for no limit.'),
  tablespace: str('The default tablespace.'),
  databaseReclaimPolicy: reclaimPolicy('What happens to the database when the object is deleted.'),
  schemas: objectList('Schemas of the database.', 'A schema.', { owner: str('The role owning the schema.') }),
  extensions: objectList('Extensions of the database.', 'An extension.', { version: str('The extension version.'), schema: str('The schema the extension is installed in.') }),
  fdws: objectList('Foreign data wrappers of the database.', 'A foreign data wrapper.', {
    handler: str('The handler function.'),
    validator: str('The validator function.'),
    owner: str('The role owning the wrapper.'),
    options,
    usage,
  }),
  servers: objectList('Foreign servers of the database.', 'A foreign server.', { fdw: req(str('The foreign data wrapper.')), options, usage }),
};

export const cnpgDatabase = defineOperatorKind<{ name: string }>({
  type: 'cnpg-database',
  description: 'A CloudNativePG Database (postgresql.cnpg.io/v1): a database managed in a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Database',
  spec: crdSpec(postgresqlCnpgIoV1.Database),
  overlay: databaseOverlay,
  scope: 'namespaced',
  properties: databaseProperties,
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
  properties: {
    ...roleProperties,
    cluster: clusterRef(),
    databaseRoleReclaimPolicy: reclaimPolicy('What happens to the role when the object is deleted.'),
    clientCertificate: obj('A TLS client certificate the operator issues for the role (it needs login).', { enabled: bool('Whether the certificate is issued.') }),
  },
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
  properties: {
    cluster: clusterRef(),
    name: req(str('The publication name.')),
    dbname: req(str('The database the publication is in.')),
    parameters: smap('Publication parameters (WITH ...).', 'The parameter value.'),
    target: req(
      obj('What is published.', {
        allTables: bool('Publish every table of the database.'),
        objects: list(
          'The published objects.',
          obj('A published object.', {
            tablesInSchema: str('Publish every table of this schema.'),
            table: obj('Publish one table.', {
              only: bool('Publish the table only, not its descendants.'),
              name: req(str('The table name.')),
              schema: str('The table schema.'),
              columns: strings('The published columns.', 'A column.'),
            }),
          }),
        ),
      }),
    ),
    publicationReclaimPolicy: reclaimPolicy('What happens to the publication when the object is deleted.'),
  },
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
  properties: {
    cluster: clusterRef(),
    name: req(str('The subscription name.')),
    dbname: req(str('The database the subscription is in.')),
    parameters: smap('Subscription parameters (WITH ...).', 'The parameter value.'),
    publicationName: req(str('The publication subscribed to.')),
    publicationDBName: str('The database of the publication, when it is not dbname.'),
    externalClusterName: req(str('The external cluster publishing.')),
    subscriptionReclaimPolicy: reclaimPolicy('What happens to the subscription when the object is deleted.'),
  },
});
