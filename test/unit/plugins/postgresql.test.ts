import { describe, expect, it } from 'vitest';
import { build as buildApplication } from '../../../src/engine/build.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { registryOf } from '../engine/support.js';
import { lower, refusal } from './support.js';
import { KurelError } from '../../../src/engine/diagnostics.js';
import { NOOP_POLICY, RefusalClass, refusalClassOf, type Policy } from '../../../src/plugin-api/index.js';
import { applyPostgresqlDefaults } from '../../../plugins/builtin-components/postgresql-after-policy.js';

const baseCluster = {
  imageName: 'ghcr.io/cloudnative-pg/postgresql:16',
  instances: 1,
  primaryUpdateStrategy: 'unsupervised',
  storage: {},
  resources: {},
};

describe('postgresql lowering', () => {
  it('emits a cnpg-cluster under the component name with the defaults, leaving storage size and PDB to its post-policy step', () => {
    expect(lower('postgresql', { name: 'db', properties: {} })).toEqual([{ name: 'db', type: 'cnpg-cluster', properties: baseCluster, traits: [], afterPolicy: [applyPostgresqlDefaults] }]);
  });

  it('derives the image from version, takes imageName and storageSize as written', () => {
    const [cluster] = lower('postgresql', { name: 'db', properties: { version: '17', replicas: 3, storageSize: '10Gi' } });
    expect(cluster.properties).toMatchObject({ imageName: 'ghcr.io/cloudnative-pg/postgresql:17', instances: 3, storage: { size: '10Gi' } });
    const [custom] = lower('postgresql', { name: 'db', properties: { imageName: 'ghcr.io/example/pg:16', version: '15' } });
    expect(custom.properties.imageName).toBe('ghcr.io/example/pg:16');
  });

  it('writes backup, monitoring, roles, inherited metadata, parameters, replication, bootstrap and affinity into the Cluster', () => {
    const [cluster] = lower('postgresql', {
      name: 'db',
      properties: {
        backup: { retentionPolicy: '30d', destinationPath: 's3://b/', endpointURL: 'https://s3', secretName: 'creds' },
        monitoring: { enabled: true, customQueries: [{ name: 'q', key: 'queries' }] },
        managedRoles: [
          { name: 'app', login: true, passwordSecret: 'app-creds', comment: 'App', inRoles: ['pg_read_all_data'] },
          { name: 'old', ensure: 'absent', superuser: false, connectionLimit: -1, inherit: false },
        ],
        inheritedMetadata: { labels: { team: 'a' } },
        postgresql: { parameters: { max_connections: '200' } },
        replication: { synchronous: { method: 'any' } },
        bootstrap: { pg_basebackup: { source: 'origin' } },
        externalClusters: [{ name: 'origin', connectionParameters: { host: 'old-db' } }],
        affinity: { nodeSelector: { disk: 'ssd' } },
      },
    });
    expect(cluster.properties).toMatchObject({
      backup: {
        retentionPolicy: '30d',
        barmanObjectStore: {
          destinationPath: 's3://b/',
          endpointURL: 'https://s3',
          s3Credentials: { accessKeyId: { name: 'creds', key: 'ACCESS_KEY_ID' }, secretAccessKey: { name: 'creds', key: 'SECRET_ACCESS_KEY' } },
        },
      },
      monitoring: { enablePodMonitor: true, customQueriesConfigMap: [{ name: 'q', key: 'queries' }] },
      managed: {
        roles: [
          { name: 'app', comment: 'App', login: true, passwordSecret: { name: 'app-creds' }, inRoles: ['pg_read_all_data'] },
          { name: 'old', ensure: 'absent', inherit: false, connectionLimit: -1 },
        ],
      },
      inheritedMetadata: { labels: { team: 'a' } },
      postgresql: { parameters: { max_connections: '200' }, synchronous: { method: 'any', number: 1 } },
      bootstrap: { pg_basebackup: { source: 'origin' } },
      externalClusters: [{ name: 'origin', connectionParameters: { host: 'old-db' } }],
      affinity: { enablePodAntiAffinity: true, topologyKey: 'kubernetes.io/hostname', podAntiAffinityType: 'preferred', nodeSelector: { disk: 'ssd' } },
    });
  });

  it('emits the ObjectStore beside the Cluster and points the barman-cloud plugin at it', () => {
    const members = lower('postgresql', { name: 'db', properties: { objectStore: { destinationPath: 's3://b/', secretName: 'creds', retentionPolicy: '30d', serverName: 'srv' } } });
    expect(members.map((m) => [m.name, m.type])).toEqual([
      ['db', 'cnpg-cluster'],
      ['db', 'cnpg-objectstore'],
    ]);
    expect(members[0].properties.plugins).toEqual([{ name: 'barman-cloud.barmancloud.cnpg.io', isWALArchiver: true, parameters: { objectStoreName: 'db', serverName: 'srv' } }]);
    expect(members[1].properties).toEqual({
      configuration: {
        destinationPath: 's3://b/',
        s3Credentials: { accessKeyId: { name: 'creds', key: 'ACCESS_KEY_ID' }, secretAccessKey: { name: 'creds', key: 'SECRET_ACCESS_KEY' } },
      },
      retentionPolicy: '30d',
    });
  });

  it('emits the Pooler as <name>-pooler, or under poolerName, with its defaults', () => {
    const [, pooler] = lower('postgresql', { name: 'db', properties: { pooler: { enabled: true } } });
    expect(pooler).toEqual({ name: 'db-pooler', type: 'cnpg-pooler', properties: { cluster: { name: 'db' }, type: 'rw', instances: 3, pgbouncer: { poolMode: 'session' } }, traits: [] });
    const [, named] = lower('postgresql', { name: 'db', properties: { poolerName: 'pgb', pooler: { enabled: true, type: 'ro', poolMode: 'transaction', parameters: { max_client_conn: '100' } } } });
    expect(named.name).toBe('pgb');
    expect(named.properties).toMatchObject({ type: 'ro', pgbouncer: { poolMode: 'transaction', parameters: { max_client_conn: '100' } } });
    expect(lower('postgresql', { name: 'db', properties: { pooler: { enabled: false } } })).toHaveLength(1);
  });

  it('emits one Database per entry, named <name>-<database> or objectName', () => {
    const members = lower('postgresql', {
      name: 'db',
      properties: {
        databases: [
          { name: 'shop', owner: 'shop' },
          { name: 'stats', owner: 'stats', objectName: 'analytics', ensure: 'absent', databaseReclaimPolicy: 'delete', extensions: [{ name: 'vector' }, { name: 'old', ensure: 'absent' }] },
        ],
      },
    });
    expect(members.slice(1)).toEqual([
      { name: 'db-shop', type: 'cnpg-database', properties: { cluster: { name: 'db' }, name: 'shop', owner: 'shop' }, traits: [] },
      {
        name: 'analytics',
        type: 'cnpg-database',
        properties: {
          cluster: { name: 'db' },
          name: 'stats',
          owner: 'stats',
          ensure: 'absent',
          databaseReclaimPolicy: 'delete',
          extensions: [
            { name: 'vector', ensure: 'present' },
            { name: 'old', ensure: 'absent' },
          ],
        },
        traits: [],
      },
    ]);
  });

  it('puts a database named pooler under the Pooler default name, a sibling of the Pooler', () => {
    const members = lower('postgresql', { name: 'db', properties: { pooler: { enabled: true }, databases: [{ name: 'pooler', owner: 'a' }] } });
    expect(members.map((m) => [m.name, m.type])).toEqual([
      ['db', 'cnpg-cluster'],
      ['db-pooler', 'cnpg-pooler'],
      ['db-pooler', 'cnpg-database'],
    ]);
  });

  it('forwards the authored traits to the Cluster, the object-decorating ones to every member, and the annotations to all', () => {
    const traits = [
      { type: 'networkpolicy', properties: {} },
      { type: 'prune-protection', properties: {} },
    ];
    const members = lower('postgresql', { name: 'db', properties: { pooler: { enabled: true }, databases: [{ name: 'a', owner: 'a' }] }, traits, annotations: { note: 'x' } });
    expect(members.map((m) => m.traits!.map((t) => t.type))).toEqual([['networkpolicy', 'prune-protection'], ['prune-protection'], ['prune-protection']]);
    expect(members.map((m) => m.annotations)).toEqual([{ note: 'x' }, { note: 'x' }, { note: 'x' }]);
  });

  it('refuses what it cannot lower', () => {
    const refused = (properties: Record<string, unknown>, name = 'db') => refusal(() => lower('postgresql', { name, properties }));
    expect(refused({}, 'Db').message).toBe('postgresql name "Db": must be a DNS-1035 label of at most 50 characters (CloudNativePG rejects longer or dotted cluster names)');
    expect(refused({}, 'd'.repeat(51)).message).toMatch(/at most 50 characters/);
    expect(refused({ version: '' })).toMatchObject({ message: 'version: must not be empty; omit it to default to "16"', path: ['version'] });
    expect(refused({ replicas: 0 })).toMatchObject({ message: 'replicas: must be >= 1, got 0', path: ['replicas'] });
    expect(refused({ storageSize: '' }).message).toBe('storageSize: must not be empty; omit it to take the policy default or 1Gi');
    expect(refused({ storageSize: 'lots' }).message).toBe('storageSize: invalid quantity "lots"');
    expect(refused({ storageSize: '-1Gi' }).message).toBe('storageSize: quantity must be positive, got "-1Gi"');
    expect(refused({ storageSize: '0' }).message).toBe('storageSize: quantity must be positive, got "0"');
    expect(refused({ backup: { retentionPolicy: '30d' } })).toMatchObject({
      message: 'backup.destinationPath: required (the object store path backups and WAL are written to)',
      path: ['backup', 'destinationPath'],
    });
    expect(refused({ poolerName: 'pgb' }).message).toBe('poolerName: names the Pooler, and pooler.enabled is not true; remove it, or enable the pooler');
    expect(refused({ poolerName: 'pg.b', pooler: { enabled: true } }).message).toMatch(/^poolerName "pg.b" cannot be the name for role "pooler": not a valid DNS-1035 label: .*; write a valid name, or leave the property out for the default "db-pooler"$/);
    expect(refused({ externalClusters: [{ name: 'o', barmanObjectStore: {} }] }).path).toEqual(['externalClusters', 0, 'barmanObjectStore', 'destinationPath']);
    expect(refused({ managedRoles: [{ name: 'a', connectionLimit: 0 }] }).message).toMatch(/^managedRoles\[0\]\.connectionLimit: 0 cannot be carried/);
    expect(refused({ databases: [{ name: 'a', owner: 'a' }, { name: 'a', owner: 'b' }] }).message).toBe('databases[1]: repeats the name "a" of databases[0]; each database is one object');
    expect(refused({ databases: [{ name: 'my_app', owner: 'a' }] })).toMatchObject({
      message: 'databases[0] "my_app": the Database object would be named "db-my_app", which is not a valid DNS-1123 subdomain; set objectName to name it otherwise',
      path: ['databases', 0, 'name'],
    });
    expect(refused({ databases: [{ name: 'a', owner: 'a', objectName: 'Bad' }] })).toMatchObject({
      message: expect.stringMatching(/^databases\[0\]\.objectName "Bad" cannot be the name for role "database": not a valid DNS-1123 subdomain: /),
      path: ['databases', 0, 'objectName'],
    });
    // The rule's own schema, checked before the rule runs.
    expect(refused({ clusterObjectName: 'Main' }).message).toMatch(/^clusterObjectName "Main" cannot be the name for role "postgresql-cluster": not a valid DNS-1035 label: /);
    expect(refused({ clusterObjectName: 'm'.repeat(51) }).message).toMatch(/cannot be the name for role "postgresql-cluster": not a valid DNS-1035 label: must be no more than 50 characters; /);
    expect(refused({ objectStoreObjectName: 'store' })).toMatchObject({
      message: 'objectStoreObjectName: names the ObjectStore, and objectStore is not set; remove it, or configure the object store',
      path: ['objectStoreObjectName'],
    });
    expect(refused({ provider: 'other' })).toMatchObject({ message: '"other" is not allowed; must be one of: cnpg', path: ['provider'] });
    expect(refused({ pooler: { enabled: true, poolMode: 'statement' } }).path).toEqual(['pooler', 'poolMode']);
    expect(refused({ objectStore: { secretName: 'c' } })).toMatchObject({ path: ['objectStore'], message: expect.stringMatching(/destinationPath/) });
    expect(refused({ databases: [{ name: 'a' }] })).toMatchObject({ path: ['databases', 0], message: expect.stringMatching(/owner/) });
    expect(refused({ bootstrap: { recovery: { source: 'a' }, pg_basebackup: { source: 'b' } } }).path[0]).toBe('bootstrap');
    expect(refused({ storage: '1Gi' }).message).toMatch(/storage/);
  });
});

describe('postgresql end to end', () => {
  const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);
  const settings = { domain: 'launcher.gokure.dev', clusterId: 'local' };
  const application = (properties: string) =>
    ['apiVersion: launcher.gokure.dev/v1alpha1', 'kind: Application', 'metadata: {name: shop, namespace: data}', 'spec:', '  components:', '  - name: db', '    type: postgresql', `    properties: ${properties}`].join('\n');

  it('builds the Cluster, ObjectStore, Pooler and Databases, in that order, through the CNPG kinds', () => {
    const text = application('{replicas: 2, storageSize: 10Gi, objectStore: {destinationPath: "s3://b/"}, pooler: {enabled: true}, databases: [{name: shop, owner: shop}]}');
    const { objects } = buildApplication({ application: { file: 'app.yaml', text }, settings }, registry);
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Cluster/db', 'ObjectStore/db', 'Pooler/db-pooler', 'Database/db-shop']);
    expect(objects[0]).toEqual({
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'Cluster',
      metadata: { name: 'db', namespace: 'data', labels: { 'launcher.gokure.dev/component': 'db' } },
      spec: {
        affinity: {},
        enablePDB: true,
        imageName: 'ghcr.io/cloudnative-pg/postgresql:16',
        instances: 2,
        plugins: [{ name: 'barman-cloud.barmancloud.cnpg.io', isWALArchiver: true, parameters: { objectStoreName: 'db' } }],
        postgresql: { syncReplicaElectionConstraint: { enabled: false } },
        primaryUpdateStrategy: 'unsupervised',
        resources: {},
        storage: { size: '10Gi' },
      },
    });
    expect(objects[1].spec).toEqual({ configuration: { destinationPath: 's3://b/' }, instanceSidecarConfiguration: { resources: {} } });
    expect(objects[2].spec).toEqual({ cluster: { name: 'db' }, instances: 3, type: 'rw', pgbouncer: { poolMode: 'session' } });
    expect(objects[3].spec).toEqual({ cluster: { name: 'db' }, name: 'shop', owner: 'shop' });
  });

  it('names the Cluster and the ObjectStore by clusterObjectName and objectStoreObjectName, and every reference follows', () => {
    const text = application('{clusterObjectName: main, objectStoreObjectName: main-store, objectStore: {destinationPath: "s3://b/"}, pooler: {enabled: true}, databases: [{name: shop, owner: shop}]}');
    const { objects } = buildApplication({ application: { file: 'app.yaml', text }, settings }, registry);
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Cluster/main', 'ObjectStore/main-store', 'Pooler/db-pooler', 'Database/db-shop']);
    const spec = (index: number) => objects[index].spec as Record<string, any>;
    expect(spec(0).plugins[0].parameters).toEqual({ objectStoreName: 'main-store' });
    expect([spec(2).cluster, spec(3).cluster]).toEqual([{ name: 'main' }, { name: 'main' }]);
    // The members keep the component's name: its label is the component's.
    expect(objects.slice(0, 2).map((o) => o.metadata.labels?.['launcher.gokure.dev/component'])).toEqual(['db', 'db']);
  });

  it('lets the Database kind refuse the postgres database', () => {
    const text = application('{databases: [{name: postgres, owner: app}]}');
    expect(() => buildApplication({ application: { file: 'app.yaml', text }, settings }, registry)).toThrow(/the postgres database belongs to the operator/);
  });
});

describe('postgresql under an environment policy', () => {
  const policy = (overrides: Partial<Policy>): Policy => ({ ...NOOP_POLICY, ...overrides });
  const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);
  const app = (properties: string) => `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: data}\nspec:\n  components:\n    - name: db\n      type: postgresql\n      properties: ${properties}\n`;
  const violation = (properties: string, overrides: Partial<Policy>): KurelError => {
    try {
      buildApplication({ application: { file: 'app.yaml', text: app(properties) }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local', policy: policy(overrides) } }, registry);
    } catch (error) {
      if (error instanceof KurelError) return error;
      throw error;
    }
    throw new Error('expected a violation');
  };

  const cluster = (properties: string, overrides: Partial<Policy>) => {
    const { objects } = buildApplication({ application: { file: 'app.yaml', text: app(properties) }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local', policy: policy(overrides) } }, registry);
    return objects[0].spec as Record<string, unknown>;
  };

  it('takes the policy default storage size when none is authored, else 1Gi; an authored one wins', () => {
    expect(cluster('{}', { defaultStorageSize: () => '5Gi' }).storage).toEqual({ size: '5Gi' });
    expect(cluster('{storageSize: 2Gi}', { defaultStorageSize: () => '5Gi' }).storage).toEqual({ size: '2Gi' });
    expect(cluster('{}', {}).storage).toEqual({ size: '1Gi' });
  });

  it('enables the PodDisruptionBudget from two instances', () => {
    expect(cluster('{}', {}).enablePDB).toBe(false);
    expect(cluster('{replicas: 2}', {}).enablePDB).toBe(true);
  });

  it('holds only the fallback to the maximum in its step: a policy default within it is taken', () => {
    expect(cluster('{}', { defaultStorageSize: () => '256Mi', maxStorageSize: () => '512Mi' }).storage).toEqual({ size: '256Mi' });
  });

  it('holds the 1Gi fallback to the maximum, as a storage-maximum violation of the component', () => {
    const error = violation('{}', { maxStorageSize: () => '512Mi' });
    expect(error.code).toBe('KUREL_POLICY_VIOLATION');
    expect(error.refusalClass).toBe(RefusalClass.storageMaximum);
    expect(error.diagnostics[0]).toMatchObject({ component: 'db', path: 'spec.components[0].properties.storageSize' });
    expect(error.diagnostics[0].message).toBe('component "db": storageSize "1Gi" exceeds enforced maximum "512Mi"');
  });

  it('refuses instances over the replica maximum', () => {
    const thrown = refusal(() => lower('postgresql', { name: 'db', properties: { replicas: 5 } }, { policy: policy({ maxReplicas: () => 3 }) }));
    expect(thrown.message).toBe('instances 5 exceeds enforced maximum 3');
    expect(refusalClassOf(thrown)).toBe(RefusalClass.replicaMaximum);
    expect(violation('{replicas: 5}', { maxReplicas: () => 3 }).refusalClass).toBe(RefusalClass.replicaMaximum);
  });
});
