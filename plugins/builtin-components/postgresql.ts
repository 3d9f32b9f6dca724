import {
  defineComponentLowering,
  type AuthoredComponent,
  type AuthoredTrait,
  type Endpoint,
  type LoweringContext,
} from 'kurel/plugin-api';
import {
  afterPolicy,
  copyData,
  canonicalQuantity,
  enforceMaxReplicas,
  enforceMaxStorage,
  isDns1035Label,
  isDns1123Subdomain,
  shortenName,
} from 'kurel/plugin-kit';
import { applyPostgresqlDefaults } from './postgresql-after-policy.js';
import { DEFAULT_VERSION, postgresqlSchema, type BarmanSource, type ManagedRole, type DatabaseEntry, type PoolerProperties, type PostgresqlProperties } from './postgresql-properties.js';

/** An object spec the rule builds for a member. */
type Spec = Record<string, unknown>;

// A CloudNativePG database. The rule writes the specs the reference's postgresql component
// wrote and hands them to the CNPG kind components: a cnpg-cluster under the component name,
// a cnpg-objectstore beside it (objectStore), a cnpg-pooler `<name>-pooler` (pooler.enabled)
// and one cnpg-database `<name>-<database>` per databases entry.

const IMAGE_REPOSITORY = 'ghcr.io/cloudnative-pg/postgresql';
/** The plugin the Cluster archives WAL through, pointed at the ObjectStore the rule emits. */
const BARMAN_CLOUD_PLUGIN = 'barman-cloud.barmancloud.cnpg.io';
/** The keys read from a backup or objectStore credentials Secret. */
const S3_ACCESS_KEY_ID = 'ACCESS_KEY_ID';
const S3_SECRET_ACCESS_KEY = 'SECRET_ACCESS_KEY';
/** The port PostgreSQL and PgBouncer listen on. */
const POSTGRES_PORT = 5432;
/** CloudNativePG derives Service and Secret names from the Cluster name, so it bounds it. */
const CLUSTER_NAME_MAX = 50;

export const postgresqlRule = defineComponentLowering({
  type: 'postgresql',
  nameRoles: [
    { role: 'postgresql-cluster', names: "a postgresql component's Cluster", default: 'the component name', property: 'clusterObjectName', syntax: 'label1035', maxLength: 50 },
    { role: 'postgresql-objectstore', names: "a postgresql component's barman ObjectStore", default: 'the component name', property: 'objectStoreObjectName', syntax: 'subdomain' },
    { role: 'pooler', names: "a postgresql component's Pooler", default: '<component>-pooler', property: 'poolerName', syntax: 'label1035' },
    { role: 'database', names: "each Database of a postgresql component", default: '<component>-<database>', property: 'databases[].objectName', syntax: 'subdomain' },
  ],
  description: 'A CloudNativePG PostgreSQL cluster, with its object store, pooler and databases.',
  example: { replicas: 3, storageSize: '10Gi', pooler: { enabled: true }, databases: [{ name: 'shop', owner: 'shop' }] },
  contract: { family: 'postgresql', version: 'v1alpha1' },
  targets: { componentTypes: ['cnpg-cluster', 'cnpg-objectstore', 'cnpg-pooler', 'cnpg-database'] },
  properties: postgresqlSchema,
  // The operator labels the pods it creates with its own keys, not the component label: the
  // instances with their Cluster's object name (clusterObjectName when authored), the PgBouncer
  // pods with their Pooler's.
  endpoints({ name, properties }) {
    const props = properties;
    const cluster = typeof props.clusterObjectName === 'string' ? props.clusterObjectName : name;
    const endpoints: Endpoint[] = [{ selector: { 'cnpg.io/cluster': cluster }, ports: [{ port: POSTGRES_PORT }] }];
    if (props.pooler?.enabled === true) {
      endpoints.push({ selector: { 'cnpg.io/poolerName': props.poolerName ?? shortenName(`${name}-pooler`, 253) }, ports: [{ port: POSTGRES_PORT }] });
    }
    return endpoints;
  },
  lower({ component }, ctx) {
    const props = component.properties;
    // Storage is authored > the policy's default > 1Gi: the cnpg-cluster kind applies the
    // policy's default, and the step attached to the cnpg-cluster the 1Gi fallback after it.
    checkProperties(component.name, props, ctx);
    enforceMaxStorage(props.storageSize, ctx, ['storageSize']);
    enforceMaxReplicas(props.replicas, ctx, ['replicas'], 'instances');
    const objectTraits = (component.traits ?? []).filter((trait) => ctx.appliesToEveryMember(trait.type));

    // The members keep the component's name; their objects take the names resolved for them.
    const clusterMember = afterPolicy(member(component, component.name, 'cnpg-cluster', {}, component.traits ?? []), applyPostgresqlDefaults);
    const cluster = ctx.resolveMemberName(clusterMember, { role: 'postgresql-cluster', authored: props.clusterObjectName, property: 'clusterObjectName' });
    const members: AuthoredComponent[] = [clusterMember];
    let storeName: string | undefined;
    if (props.objectStore) {
      const store = member(component, component.name, 'cnpg-objectstore', objectStoreSpec(props.objectStore), objectTraits);
      storeName = ctx.resolveMemberName(store, { role: 'postgresql-objectstore', authored: props.objectStoreObjectName, property: 'objectStoreObjectName' });
      members.push(store);
    }
    clusterMember.properties = clusterSpec(cluster, storeName, props);

    let defaultPooler: string | undefined;
    if (props.pooler?.enabled === true) {
      const name = poolerName(component.name, props, ctx);
      if (props.poolerName === undefined) defaultPooler = name;
      members.push(member(component, name, 'cnpg-pooler', poolerSpec(cluster, props.pooler), objectTraits));
    }
    props.databases?.forEach((db, index) => {
      // A database named pooler is a Database under the Pooler's default name: it joins the
      // Pooler's same-name sibling group, as the reference emits it.
      const joinsPooler = db.objectName === undefined && db.name === 'pooler' && defaultPooler !== undefined;
      const name = joinsPooler
        ? defaultPooler!
        : db.objectName !== undefined
          ? databaseObjectName(component.name, db, index, ctx)
          : databaseName(component.name, db.name, index, ctx);
      members.push(member(component, name, 'cnpg-database', databaseSpec(cluster, db), objectTraits));
    });
    return { components: members };
  },
});

function checkStorageSize(size: string, ctx: LoweringContext): void {
  if (size === '') ctx.fail('storageSize: must not be empty; omit it to take the policy default or 1Gi', ['storageSize']);
  const canonical = canonicalQuantity(size);
  if (canonical === undefined) ctx.fail(`storageSize: invalid quantity "${size}"`, ['storageSize']);
  if (canonical === '0' || canonical.startsWith('-')) ctx.fail(`storageSize: quantity must be positive, got "${size}"`, ['storageSize']);
}

/** `<component>-<database>` under role `database`, which must make an object name: else the author names it with objectName. */
function databaseName(component: string, database: string, index: number, ctx: LoweringContext): string {
  const fallback = shortenName(`${component}-${database}`, 253);
  if (!isDns1123Subdomain(fallback)) {
    ctx.fail(
      `databases[${index}] "${database}": the Database object would be named "${fallback}", which is not a valid DNS-1123 subdomain; set objectName to name it otherwise`,
      ['databases', index, 'name'],
    );
  }
  return ctx.namer.reserve(ctx.resolveName({ role: 'database', kind: DATABASE_KIND, default: fallback }));
}

function databaseObjectName(component: string, db: DatabaseEntry, index: number, ctx: LoweringContext): string {
  const fallback = shortenName(`${component}-${db.name}`, 253);
  return ctx.namer.reserve(ctx.resolveName({ role: 'database', kind: DATABASE_KIND, default: fallback, authored: db.objectName, property: `databases[${index}].objectName` }));
}

const DATABASE_KIND = 'Database.postgresql.cnpg.io';

function member(component: AuthoredComponent, name: string, type: string, properties: Spec, traits: AuthoredTrait[]): AuthoredComponent {
  const emitted: AuthoredComponent = { name, type, properties, traits: copyData(traits) };
  if (component.annotations) emitted.annotations = { ...component.annotations };
  return emitted;
}

/** The checks the reference makes on the authored values, with its texts. */
function checkProperties(name: string, props: PostgresqlProperties, ctx: LoweringContext): void {
  if (props.clusterObjectName === undefined && (!isDns1035Label(name) || name.length > CLUSTER_NAME_MAX)) {
    ctx.fail(`postgresql name "${name}": must be a DNS-1035 label of at most ${CLUSTER_NAME_MAX} characters (CloudNativePG rejects longer or dotted cluster names)`);
  }
  if (props.version === '') ctx.fail(`version: must not be empty; omit it to default to "${DEFAULT_VERSION}"`, ['version']);
  if (props.replicas < 1) ctx.fail(`replicas: must be >= 1, got ${props.replicas}`, ['replicas']);
  if (props.storageSize !== undefined) checkStorageSize(props.storageSize, ctx);
  if (props.backup?.retentionPolicy !== undefined && props.backup.destinationPath === undefined) {
    ctx.fail('backup.destinationPath: required (the object store path backups and WAL are written to)', ['backup', 'destinationPath']);
  }
  if (props.objectStoreObjectName !== undefined && !props.objectStore) {
    ctx.fail('objectStoreObjectName: names the ObjectStore, and objectStore is not set; remove it, or configure the object store', ['objectStoreObjectName']);
  }
  if (props.poolerName !== undefined && props.pooler?.enabled !== true) {
    ctx.fail('poolerName: names the Pooler, and pooler.enabled is not true; remove it, or enable the pooler', ['poolerName']);
  }
  props.externalClusters?.forEach((ext, index) => {
    if (ext.barmanObjectStore && ext.barmanObjectStore.destinationPath === undefined) {
      ctx.fail(
        `externalClusters[${index}].barmanObjectStore.destinationPath: required (the object store path the cluster's backups and WAL are read from)`,
        ['externalClusters', index, 'barmanObjectStore', 'destinationPath'],
      );
    }
  });
  props.managedRoles?.forEach((role, index) => {
    if (role.connectionLimit === 0) {
      ctx.fail(
        `managedRoles[${index}].connectionLimit: 0 cannot be carried by the CloudNativePG API types (the field is omitted when zero, so the operator would apply its default -1, no limit); set login: false to keep the role from connecting`,
        ['managedRoles', index, 'connectionLimit'],
      );
    }
  });
  const first = new Map<string, number>();
  props.databases?.forEach((db, index) => {
    const seen = first.get(db.name);
    if (seen !== undefined) ctx.fail(`databases[${index}]: repeats the name "${db.name}" of databases[${seen}]; each database is one object`, ['databases', index, 'name']);
    first.set(db.name, index);
  });
}

/** The Pooler's name under role `pooler`: `poolerName`, else `<component>-pooler`; a DNS-1035 label either way. */
function poolerName(component: string, props: PostgresqlProperties, ctx: LoweringContext): string {
  const fallback = shortenName(`${component}-pooler`, 253);
  if (props.poolerName === undefined && !isDns1035Label(fallback)) {
    ctx.fail(`pooler name "${fallback}": not a valid DNS-1035 label; the default derives from the component name: set poolerName to name the Pooler otherwise`, ['poolerName']);
  }
  return ctx.namer.reserve(ctx.resolveName({ role: 'pooler', kind: 'Pooler.postgresql.cnpg.io', default: fallback, authored: props.poolerName, property: 'poolerName' }));
}

function s3Credentials(secretName: string): Spec {
  return {
    accessKeyId: { name: secretName, key: S3_ACCESS_KEY_ID },
    secretAccessKey: { name: secretName, key: S3_SECRET_ACCESS_KEY },
  };
}

function barmanStore(source: BarmanSource): Spec {
  const store: Spec = { destinationPath: source.destinationPath ?? '' };
  if (source.endpointURL !== undefined) store.endpointURL = source.endpointURL;
  if (source.secretName !== undefined && source.secretName !== '') store.s3Credentials = s3Credentials(source.secretName);
  return store;
}

/** The Cluster spec; the kind writes the empty structs and zero values Go writes. */
function clusterSpec(cluster: string, storeName: string | undefined, props: PostgresqlProperties): Spec {
  const replicas = props.replicas;
  const spec: Spec = {
    imageName: props.imageName || `${IMAGE_REPOSITORY}:${props.version}`,
    instances: replicas,
    primaryUpdateStrategy: 'unsupervised',
    // The size when authored; else the policy's default or the fallback, after the policy.
    storage: props.storageSize !== undefined ? { size: props.storageSize } : {},
  };
  const labels = props.inheritedMetadata?.labels;
  const annotations = props.inheritedMetadata?.annotations;
  const hasLabels = labels && Object.keys(labels).length > 0;
  const hasAnnotations = annotations && Object.keys(annotations).length > 0;
  if (hasLabels || hasAnnotations) {
    const inheritedMetadata: { labels?: Record<string, string>; annotations?: Record<string, string> } = {};
    spec.inheritedMetadata = inheritedMetadata;
    if (hasLabels) inheritedMetadata.labels = { ...labels };
    if (hasAnnotations) inheritedMetadata.annotations = { ...annotations };
  }
  const resources: Spec = {};
  for (const side of ['requests', 'limits'] as const) {
    const values = props.resources?.[side];
    if (values && Object.keys(values).length > 0) resources[side] = { ...values };
  }
  spec.resources = resources;

  const backup = props.backup;
  if (backup && (backup.retentionPolicy || backup.destinationPath)) {
    const backupSpec: Spec = { barmanObjectStore: barmanStore(backup) };
    spec.backup = backupSpec;
    if (backup.retentionPolicy) backupSpec.retentionPolicy = backup.retentionPolicy;
  }
  if (props.monitoring?.enabled === true) {
    const monitoring: Spec = { enablePodMonitor: true };
    spec.monitoring = monitoring;
    const queries = props.monitoring.customQueries;
    if (queries?.length) monitoring.customQueriesConfigMap = queries.map((q) => ({ name: q.name, key: q.key }));
  }
  if (props.bootstrap?.recovery) spec.bootstrap = { recovery: { source: props.bootstrap.recovery.source } };
  else if (props.bootstrap?.pg_basebackup) spec.bootstrap = { pg_basebackup: { source: props.bootstrap.pg_basebackup.source } };
  const externals = props.externalClusters;
  if (externals?.length) {
    spec.externalClusters = externals.map((ext) => {
      const out: Spec = { name: ext.name };
      if (ext.connectionParameters && Object.keys(ext.connectionParameters).length > 0) out.connectionParameters = { ...ext.connectionParameters };
      if (ext.barmanObjectStore) out.barmanObjectStore = copyData(ext.barmanObjectStore);
      return out;
    });
  }
  const postgresql: Spec = {};
  const parameters = props.postgresql?.parameters;
  if (parameters && Object.keys(parameters).length > 0) postgresql.parameters = { ...parameters };
  const sync = props.replication?.synchronous;
  if (sync) {
    const synchronous: Spec = { method: sync.method, number: sync.number };
    postgresql.synchronous = synchronous;
    if (sync.dataDurability !== undefined) synchronous.dataDurability = sync.dataDurability;
  }
  if (Object.keys(postgresql).length > 0) spec.postgresql = postgresql;
  if (props.objectStore) {
    const parameters: Spec = { objectStoreName: storeName };
    if (props.objectStore.serverName) parameters.serverName = props.objectStore.serverName;
    spec.plugins = [{ name: BARMAN_CLOUD_PLUGIN, isWALArchiver: true, parameters }];
  }
  if (props.affinity) {
    const affinity = props.affinity;
    const affinitySpec: Spec = {
      enablePodAntiAffinity: affinity.enablePodAntiAffinity,
      topologyKey: affinity.topologyKey,
      podAntiAffinityType: affinity.podAntiAffinityType,
    };
    spec.affinity = affinitySpec;
    if (affinity.nodeSelector && Object.keys(affinity.nodeSelector).length > 0) affinitySpec.nodeSelector = { ...affinity.nodeSelector };
  }
  const roles = props.managedRoles;
  if (roles?.length) spec.managed = { roles: roles.map(roleSpec) };
  return spec;
}

function roleSpec(role: ManagedRole): Spec {
  const out: Spec = { name: role.name };
  if (role.comment) out.comment = role.comment;
  if (role.ensure === 'absent') out.ensure = 'absent';
  for (const flag of ['login', 'superuser', 'createdb', 'createrole', 'replication'] as const) {
    if (role[flag] === true) out[flag] = true;
  }
  if (role.inherit !== undefined) out.inherit = role.inherit;
  if (role.connectionLimit !== undefined) out.connectionLimit = role.connectionLimit;
  if (role.passwordSecret) out.passwordSecret = { name: role.passwordSecret };
  if (role.inRoles?.length) out.inRoles = [...role.inRoles];
  return out;
}

function objectStoreSpec(store: BarmanSource): Spec {
  const spec: Spec = { configuration: barmanStore(store) };
  if (store.retentionPolicy) spec.retentionPolicy = store.retentionPolicy;
  return spec;
}

function poolerSpec(cluster: string, pooler: PoolerProperties): Spec {
  const pgbouncer: Spec = { poolMode: pooler.poolMode };
  if (pooler.parameters && Object.keys(pooler.parameters).length > 0) pgbouncer.parameters = { ...pooler.parameters };
  const spec: Spec = { cluster: { name: cluster }, type: pooler.type, pgbouncer };
  if (pooler.instances > 0) spec.instances = pooler.instances;
  return spec;
}

function databaseSpec(cluster: string, db: DatabaseEntry): Spec {
  const spec: Spec = { cluster: { name: cluster }, name: db.name, owner: db.owner };
  if (db.ensure === 'absent') spec.ensure = 'absent';
  if (db.databaseReclaimPolicy === 'delete') spec.databaseReclaimPolicy = 'delete';
  const extensions = db.extensions;
  if (extensions?.length) spec.extensions = extensions.map((ext) => ({ name: ext.name, ensure: ext.ensure === 'absent' ? 'absent' : 'present' }));
  return spec;
}
