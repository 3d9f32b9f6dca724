// The postgresql component's properties: its schema, which the engine checks them against before
// the rule runs, and the types the rule reads them as.
import type { PropertiesOf } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';
import { resourcesSchema } from './resources.js';

const { bool, int, list, object, oneOf, str, stringList, stringMap } = schemaBuilders;

export const DEFAULT_VERSION = '16';

const ensure = (what: string) => oneOf(['present', 'absent'], `Whether the ${what} is present or absent.`);

const customQuery = object('A ConfigMap key holding custom metric queries.', {
  name: str('The ConfigMap.', { required: true }),
  key: str('The key in the ConfigMap.', { required: true }),
});

const managedRole = object('A database role the operator creates and reconciles.', {
  name: str('The role name.', { required: true }),
  ensure: ensure('role'),
  comment: str('A comment on the role.'),
  login: bool('LOGIN: the role may connect.'),
  superuser: bool('SUPERUSER.'),
  createdb: bool('CREATEDB.'),
  createrole: bool('CREATEROLE.'),
  replication: bool('REPLICATION.'),
  inherit: bool('Whether the role inherits the privileges of the roles it is a member of.'),
  connectionLimit: int('Connections the role may open; -1 for no limit. 0 is refused: the API cannot carry it.'),
  passwordSecret: str('The Secret holding the role password.'),
  inRoles: stringList('The roles it is a member of.', 'A role.'),
});

const database = object('A database the operator creates and reconciles in the cluster.', {
  name: str('The database name; "postgres" is refused.', { required: true }),
  owner: str('The role owning the database.', { required: true }),
  objectName: str('The name of the Database object, in place of <component>-<name>.'),
  ensure: ensure('database'),
  databaseReclaimPolicy: oneOf(['retain', 'delete'], 'What happens to the database when the Database object is deleted.'),
  extensions: list(
    'Extensions of the database.',
    object('An extension.', { name: str('The extension name.', { required: true }), ensure: ensure('extension') }),
  ),
});

const externalCluster = object('A cluster this one reads from, for bootstrap.', {
  name: str('The name bootstrap refers to it by.', { required: true }),
  barmanObjectStore: {
    type: 'object',
    additionalProperties: true,
    description:
      'The object store holding its backups, as the Barman object store configuration of the Cluster API; destinationPath is required. Nested fields are checked by the Cluster kind.',
  },
  connectionParameters: stringMap('libpq connection parameters.', 'The parameter value.'),
});

const bootstrapSource = (description: string) => object(description, { source: str('The external cluster.', { required: true }) });

export const postgresqlSchema = {
  provider: oneOf(['cnpg'], 'Database provider (only cnpg is supported).', { default: 'cnpg' }),
  version: str('PostgreSQL major version for the cluster image. An empty string is refused; omit the property to take the default.', {
    default: DEFAULT_VERSION,
  }),
  imageName: str('The container image, in place of the CloudNativePG image of the version.'),
  replicas: int('Number of PostgreSQL instances; from 2 the cluster gets a PodDisruptionBudget.', { default: 1 }),
  storageSize: str('Persistent storage size requested for each instance; the environment policy\'s default storage size, else 1Gi, when unset.'),
  resources: resourcesSchema('Compute resources of the instances.'),
  postgresql: object('PostgreSQL server settings.', { parameters: stringMap('postgresql.conf parameters.', 'The parameter value.') }),
  inheritedMetadata: object('Labels and annotations the operator copies onto every object it creates for the cluster.', {
    labels: stringMap('Labels.', 'The label value.'),
    annotations: stringMap('Annotations.', 'The annotation value.'),
  }),
  backup: object('Barman backups of the Cluster to an object store (in-tree).', {
    retentionPolicy: str('How long backups are kept (e.g. 30d).'),
    destinationPath: str('Where the backups are stored: a bucket URL with an optional path. Required with retentionPolicy.'),
    endpointURL: str('The endpoint of the object store, when it is not the provider default.'),
    secretName: str('The Secret holding the S3 credentials (keys ACCESS_KEY_ID and SECRET_ACCESS_KEY).'),
  }),
  objectStore: object('A Barman Cloud ObjectStore the cluster archives WAL and backups to through the barman-cloud plugin.', {
    destinationPath: str('Where the backups are stored: a bucket URL with an optional path.', { required: true }),
    endpointURL: str('The endpoint of the object store, when it is not the provider default.'),
    secretName: str('The Secret holding the S3 credentials (keys ACCESS_KEY_ID and SECRET_ACCESS_KEY).'),
    retentionPolicy: str('How long backups are kept (e.g. 30d).'),
    serverName: str('The server name the backups are stored under; the cluster name when absent.'),
  }),
  monitoring: object('Monitoring of the cluster.', {
    enabled: bool('Create a PodMonitor for the instances.'),
    customQueries: list('ConfigMap keys with custom metric queries.', customQuery),
  }),
  pooler: object('A PgBouncer connection pooler in front of the cluster.', {
    enabled: bool('Create the Pooler.'),
    instances: int('The number of PgBouncer replicas.', { default: 3 }),
    type: oneOf(['rw', 'ro'], 'The instances the pooler connects to: the primary (rw) or the replicas (ro).', { default: 'rw' }),
    poolMode: oneOf(['session', 'transaction'], 'The PgBouncer pool mode.', { default: 'session' }),
    parameters: stringMap('PgBouncer parameters.', 'The parameter value.'),
  }),
  poolerName: str('Name of the generated Pooler, a DNS-1035 label used as written (default: the component name followed by -pooler). Only with pooler.enabled: true.'),
  bootstrap: object(
    'How the cluster is created, when not with initdb.',
    {
      recovery: bootstrapSource('Recover the cluster from the backups of an external cluster.'),
      pg_basebackup: bootstrapSource('Copy a running external cluster.'),
    },
    { exclusive: [['recovery', 'pg_basebackup']] },
  ),
  externalClusters: list('Clusters referenced as bootstrap sources.', externalCluster),
  replication: object('Replication settings.', {
    synchronous: object('Quorum-based synchronous replication.', {
      method: oneOf(['any', 'first'], 'How the synchronous standbys are chosen.', { required: true }),
      number: int('The number of synchronous standbys.', { default: 1 }),
      dataDurability: oneOf(['required', 'preferred'], 'Whether writes wait for the standbys when too few are available.'),
    }),
  }),
  affinity: object('Scheduling of the instances; present, it turns pod anti-affinity on unless told otherwise.', {
    enablePodAntiAffinity: bool('Spread the instances with pod anti-affinity.', { default: true }),
    topologyKey: str('The node label the anti-affinity spreads over.', { default: 'kubernetes.io/hostname' }),
    podAntiAffinityType: oneOf(['preferred', 'required'], 'Whether the anti-affinity is preferred or required.', { default: 'preferred' }),
    nodeSelector: stringMap('Node labels the instances run on.', 'The label value.'),
  }),
  managedRoles: list('Database roles created and reconciled by the operator.', managedRole),
  databases: list('Databases created and reconciled in the cluster, one Database object each.', database),
  clusterObjectName: str('Name of the Cluster, used as written: a DNS-1035 label of at most 50 characters; the component name when unset.'),
  objectStoreObjectName: str('Name of the ObjectStore (with objectStore), used as written (a DNS-1123 subdomain); the component name when unset.'),
};

/** The properties as the schema admits them, defaults applied. */
export type PostgresqlProperties = PropertiesOf<typeof postgresqlSchema>;
/** An object store's Barman configuration: the in-tree backup's, or the ObjectStore's. */
export type BarmanSource = NonNullable<PostgresqlProperties['backup'] | PostgresqlProperties['objectStore']>;
export type ManagedRole = NonNullable<PostgresqlProperties['managedRoles']>[number];
export type DatabaseEntry = NonNullable<PostgresqlProperties['databases']>[number];
export type PoolerProperties = NonNullable<PostgresqlProperties['pooler']>;
