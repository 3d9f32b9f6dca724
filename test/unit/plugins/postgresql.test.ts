import { describe, expect, it } from 'vitest';
import { RefusalClass, type Policy } from 'kurel/plugin-api';
import type { ComponentCase } from 'kurel/plugin-api/testing';
import { builtinTester, loweringRefusal, refusalOf, type BuiltinTesterOptions } from '../../support/engine.js';

const KINDS: Record<string, string> = { Cluster: 'cnpg-cluster', ObjectStore: 'cnpg-objectstore', Pooler: 'cnpg-pooler', Database: 'cnpg-database' };

/** The postgresql component `name` as the CLI builds it: its members as `[name, type]` with their traits, and each object's `[name, type]` and spec. */
async function lower(name: string, properties: Record<string, unknown>, options: BuiltinTesterOptions & { traits?: Array<{ type: string; properties?: Record<string, unknown> }> } = {}) {
  const { traits, ...rest } = options;
  const result = await builtinTester('components', rest).build([{ name, type: 'postgresql', properties, traits }]);
  return {
    members: result.chains[0].members.map((member) => ({ name: member.name, type: member.type, traits: member.traits.map((trait) => trait.type) })),
    objects: result.objects.map((object) => ({ name: object.metadata.name, type: KINDS[object.kind], spec: object.spec as Record<string, any> })),
  };
}

const lowering = (name: string, message: string) => loweringRefusal(`component "${name}" (type "postgresql")`, message);

describe('postgresql lowering', () => {
  it('emits a cnpg-cluster under the component name with the defaults, its post-policy step writing storage size and PDB', async () => {
    const { members, objects } = await lower('db', {});
    expect(members).toEqual([{ name: 'db', type: 'cnpg-cluster', traits: [] }]);
    expect(objects).toEqual([
      {
        name: 'db',
        type: 'cnpg-cluster',
        spec: {
          affinity: {},
          enablePDB: false,
          imageName: 'ghcr.io/cloudnative-pg/postgresql:16',
          instances: 1,
          postgresql: { syncReplicaElectionConstraint: { enabled: false } },
          primaryUpdateStrategy: 'unsupervised',
          resources: {},
          storage: { size: '1Gi' },
        },
      },
    ]);
  });

  it('derives the image from version, takes imageName and storageSize as written', async () => {
    const [cluster] = (await lower('db', { version: '17', replicas: 3, storageSize: '10Gi' })).objects;
    expect(cluster.spec).toMatchObject({ imageName: 'ghcr.io/cloudnative-pg/postgresql:17', instances: 3, storage: { size: '10Gi' } });
    const [custom] = (await lower('db', { imageName: 'ghcr.io/example/pg:16', version: '15' })).objects;
    expect(custom.spec.imageName).toBe('ghcr.io/example/pg:16');
  });

  it('writes backup, monitoring, roles, inherited metadata, parameters, replication, bootstrap and affinity into the Cluster', async () => {
    const [cluster] = (
      await lower('db', {
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
      })
    ).objects;
    expect(cluster.spec).toMatchObject({
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

  it('emits the ObjectStore beside the Cluster and points the barman-cloud plugin at it', async () => {
    const { members, objects } = await lower('db', { objectStore: { destinationPath: 's3://b/', secretName: 'creds', retentionPolicy: '30d', serverName: 'srv' } });
    expect(members.map((m) => [m.name, m.type])).toEqual([
      ['db', 'cnpg-cluster'],
      ['db', 'cnpg-objectstore'],
    ]);
    expect(objects[0].spec.plugins).toEqual([{ name: 'barman-cloud.barmancloud.cnpg.io', isWALArchiver: true, parameters: { objectStoreName: 'db', serverName: 'srv' } }]);
    expect(objects[1]).toMatchObject({ name: 'db', type: 'cnpg-objectstore' });
    expect(objects[1].spec).toMatchObject({
      configuration: {
        destinationPath: 's3://b/',
        s3Credentials: { accessKeyId: { name: 'creds', key: 'ACCESS_KEY_ID' }, secretAccessKey: { name: 'creds', key: 'SECRET_ACCESS_KEY' } },
      },
      retentionPolicy: '30d',
    });
  });

  it('emits the Pooler as <name>-pooler, or under poolerName, with its defaults', async () => {
    const { members, objects } = await lower('db', { pooler: { enabled: true } });
    expect(members[1]).toEqual({ name: 'db-pooler', type: 'cnpg-pooler', traits: [] });
    expect(objects[1]).toEqual({ name: 'db-pooler', type: 'cnpg-pooler', spec: { cluster: { name: 'db' }, type: 'rw', instances: 3, pgbouncer: { poolMode: 'session' } } });
    const named = await lower('db', { poolerName: 'pgb', pooler: { enabled: true, type: 'ro', poolMode: 'transaction', parameters: { max_client_conn: '100' } } });
    expect(named.members[1].name).toBe('pgb');
    expect(named.objects[1]).toMatchObject({ name: 'pgb', spec: { type: 'ro', pgbouncer: { poolMode: 'transaction', parameters: { max_client_conn: '100' } } } });
    expect((await lower('db', { pooler: { enabled: false } })).members).toHaveLength(1);
  });

  it('emits one Database per entry, named <name>-<database> or objectName', async () => {
    const { members, objects } = await lower('db', {
      databases: [
        { name: 'shop', owner: 'shop' },
        { name: 'stats', owner: 'stats', objectName: 'analytics', ensure: 'absent', databaseReclaimPolicy: 'delete', extensions: [{ name: 'vector' }, { name: 'old', ensure: 'absent' }] },
      ],
    });
    expect(members.slice(1).map((m) => [m.name, m.type])).toEqual([
      ['db-shop', 'cnpg-database'],
      ['analytics', 'cnpg-database'],
    ]);
    expect(objects.slice(1)).toEqual([
      { name: 'db-shop', type: 'cnpg-database', spec: { cluster: { name: 'db' }, name: 'shop', owner: 'shop' } },
      {
        name: 'analytics',
        type: 'cnpg-database',
        spec: {
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
      },
    ]);
  });

  it('puts a database named pooler under the Pooler default name, a sibling of the Pooler', async () => {
    const { members, objects } = await lower('db', { pooler: { enabled: true }, databases: [{ name: 'pooler', owner: 'a' }] });
    expect(members.map((m) => [m.name, m.type])).toEqual([
      ['db', 'cnpg-cluster'],
      ['db-pooler', 'cnpg-pooler'],
      ['db-pooler', 'cnpg-database'],
    ]);
    expect(objects.map((o) => [o.name, o.type])).toEqual([
      ['db', 'cnpg-cluster'],
      ['db-pooler', 'cnpg-pooler'],
      ['db-pooler', 'cnpg-database'],
    ]);
  });

  it('forwards the authored traits to the Cluster and the object-decorating ones to every member', async () => {
    const traits = [
      { type: 'networkpolicy', properties: { ingress: [] } },
      { type: 'prune-protection', properties: {} },
    ];
    const { members } = await lower('db', { pooler: { enabled: true }, databases: [{ name: 'a', owner: 'a' }] }, { traits });
    expect(members.map((m) => m.traits)).toEqual([['networkpolicy', 'prune-protection'], ['prune-protection'], ['prune-protection']]);
  });

  it('refuses what it cannot lower', async () => {
    const rule = (message: string, property?: Array<string | number>, name = 'db'): ComponentCase => ({ name, error: { code: 'KUREL_LOWERING', message: lowering(name, message), ...(property ? { property } : {}) } });
    const pattern = (message: RegExp, property?: Array<string | number>): ComponentCase => ({ name: 'db', error: { code: 'KUREL_LOWERING', message, ...(property ? { property } : {}) } });
    const schema = (message: RegExp | undefined, property: Array<string | number>): ComponentCase => ({ name: 'db', error: { code: 'KUREL_PROPERTY', ...(message ? { message } : {}), property } });
    const cases: Array<[Record<string, unknown>, ComponentCase]> = [
      // The CLI refuses a component name that is no DNS-1123 subdomain before any rule runs; the rule then holds the CNPG cluster name to a DNS-1035 label.
      [{}, { name: 'Db', error: { code: 'KUREL_INVALID_NAME', text: 'app.yaml:8:7 spec.components[0].name: component name "Db" is not a valid DNS-1123 subdomain' } }],
      [{}, rule('postgresql name "my.db": must be a DNS-1035 label of at most 50 characters (CloudNativePG rejects longer or dotted cluster names)', undefined, 'my.db')],
      [{}, { name: 'd'.repeat(51), error: { code: 'KUREL_LOWERING', message: /at most 50 characters/ } }],
      [{ version: '' }, rule('version: must not be empty; omit it to default to "16"', ['version'])],
      [{ replicas: 0 }, rule('replicas: must be >= 1, got 0', ['replicas'])],
      [{ storageSize: '' }, rule('storageSize: must not be empty; omit it to take the policy default or 1Gi')],
      [{ storageSize: 'lots' }, rule('storageSize: invalid quantity "lots"')],
      [{ storageSize: '-1Gi' }, rule('storageSize: quantity must be positive, got "-1Gi"')],
      [{ storageSize: '0' }, rule('storageSize: quantity must be positive, got "0"')],
      [{ backup: { retentionPolicy: '30d' } }, rule('backup.destinationPath: required (the object store path backups and WAL are written to)', ['backup', 'destinationPath'])],
      [{ poolerName: 'pgb' }, rule('poolerName: names the Pooler, and pooler.enabled is not true; remove it, or enable the pooler')],
      [{ poolerName: 'pg.b', pooler: { enabled: true } }, pattern(/: poolerName "pg.b" cannot be the name for role "pooler": not a valid DNS-1035 label: .*; write a valid name, or leave the property out for the default "db-pooler"$/)],
      [{ externalClusters: [{ name: 'o', barmanObjectStore: {} }] }, pattern(/./, ['externalClusters', 0, 'barmanObjectStore', 'destinationPath'])],
      [{ managedRoles: [{ name: 'a', connectionLimit: 0 }] }, pattern(/: managedRoles\[0\]\.connectionLimit: 0 cannot be carried/)],
      [{ databases: [{ name: 'a', owner: 'a' }, { name: 'a', owner: 'b' }] }, rule('databases[1]: repeats the name "a" of databases[0]; each database is one object')],
      [
        { databases: [{ name: 'my_app', owner: 'a' }] },
        rule('databases[0] "my_app": the Database object would be named "db-my_app", which is not a valid DNS-1123 subdomain; set objectName to name it otherwise', ['databases', 0, 'name']),
      ],
      [{ databases: [{ name: 'a', owner: 'a', objectName: 'Bad' }] }, pattern(/: databases\[0\]\.objectName "Bad" cannot be the name for role "database": not a valid DNS-1123 subdomain: /, ['databases', 0, 'objectName'])],
      [{ clusterObjectName: 'Main' }, pattern(/: clusterObjectName "Main" cannot be the name for role "postgresql-cluster": not a valid DNS-1035 label: /)],
      [{ clusterObjectName: 'm'.repeat(51) }, pattern(/cannot be the name for role "postgresql-cluster": not a valid DNS-1035 label: must be no more than 50 characters; /)],
      [{ objectStoreObjectName: 'store' }, rule('objectStoreObjectName: names the ObjectStore, and objectStore is not set; remove it, or configure the object store', ['objectStoreObjectName'])],
      // The rule's own schema, checked before the rule runs.
      [{ provider: 'other' }, schema(/"other" is not allowed; must be one of: cnpg$/, ['provider'])],
      [{ pooler: { enabled: true, poolMode: 'statement' } }, schema(undefined, ['pooler', 'poolMode'])],
      [{ objectStore: { secretName: 'c' } }, schema(/destinationPath/, ['objectStore'])],
      [{ databases: [{ name: 'a' }] }, schema(/owner/, ['databases', 0])],
      [{ bootstrap: { recovery: { source: 'a' }, pg_basebackup: { source: 'b' } } }, schema(undefined, ['bootstrap'])],
      [{ storage: '1Gi' }, schema(/storage/, ['storage'])],
    ];
    await builtinTester('components').runComponent(
      'postgresql',
      cases.map(([properties, testCase]) => ({ title: JSON.stringify(properties), ...testCase, properties })),
    );
  });
});

describe('postgresql end to end', () => {
  const build = async (properties: Record<string, unknown>) => (await builtinTester('components', { namespace: 'data' }).build([{ name: 'db', type: 'postgresql', properties }])).objects;

  it('builds the Cluster, ObjectStore, Pooler and Databases, in that order, through the CNPG kinds', async () => {
    const objects = await build({ replicas: 2, storageSize: '10Gi', objectStore: { destinationPath: 's3://b/' }, pooler: { enabled: true }, databases: [{ name: 'shop', owner: 'shop' }] });
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

  it('names the Cluster and the ObjectStore by clusterObjectName and objectStoreObjectName, and every reference follows', async () => {
    const objects = await build({ clusterObjectName: 'main', objectStoreObjectName: 'main-store', objectStore: { destinationPath: 's3://b/' }, pooler: { enabled: true }, databases: [{ name: 'shop', owner: 'shop' }] });
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Cluster/main', 'ObjectStore/main-store', 'Pooler/db-pooler', 'Database/db-shop']);
    const spec = (index: number) => objects[index].spec as Record<string, any>;
    expect(spec(0).plugins[0].parameters).toEqual({ objectStoreName: 'main-store' });
    expect([spec(2).cluster, spec(3).cluster]).toEqual([{ name: 'main' }, { name: 'main' }]);
    // The members keep the component's name: its label is the component's.
    expect(objects.slice(0, 2).map((o) => o.metadata.labels?.['launcher.gokure.dev/component'])).toEqual(['db', 'db']);
  });

  it('lets the Database kind refuse the postgres database', async () => {
    const refusal = await refusalOf([{ name: 'db', type: 'postgresql', properties: { databases: [{ name: 'postgres', owner: 'app' }] } }], { namespace: 'data' });
    expect(refusal.message).toMatch(/the postgres database belongs to the operator/);
  });
});

describe('postgresql under an environment policy', () => {
  const cluster = async (properties: Record<string, unknown>, policy: Partial<Policy>) =>
    (await builtinTester('components', { namespace: 'data', policy }).build([{ name: 'db', type: 'postgresql', properties }])).objects[0].spec as Record<string, unknown>;

  it('takes the policy default storage size when none is authored, else 1Gi; an authored one wins', async () => {
    expect((await cluster({}, { defaultStorageSize: () => '5Gi' })).storage).toEqual({ size: '5Gi' });
    expect((await cluster({ storageSize: '2Gi' }, { defaultStorageSize: () => '5Gi' })).storage).toEqual({ size: '2Gi' });
    expect((await cluster({}, {})).storage).toEqual({ size: '1Gi' });
  });

  it('enables the PodDisruptionBudget from two instances', async () => {
    expect((await cluster({}, {})).enablePDB).toBe(false);
    expect((await cluster({ replicas: 2 }, {})).enablePDB).toBe(true);
  });

  it('holds only the fallback to the maximum in its step: a policy default within it is taken', async () => {
    expect((await cluster({}, { defaultStorageSize: () => '256Mi', maxStorageSize: () => '512Mi' })).storage).toEqual({ size: '256Mi' });
  });

  it('holds the 1Gi fallback to the maximum, as a storage-maximum violation of the component', async () => {
    await builtinTester('components', { namespace: 'data', policy: { maxStorageSize: () => '512Mi' } }).runComponent('postgresql', [
      {
        name: 'db',
        properties: {},
        error: { code: 'KUREL_POLICY_VIOLATION', refusalClass: RefusalClass.storageMaximum, path: 'spec.components[0].properties.storageSize', message: 'component "db": storageSize "1Gi" exceeds enforced maximum "512Mi"' },
      },
    ]);
    const refusal = await refusalOf([{ name: 'db', type: 'postgresql', properties: {} }], { namespace: 'data', policy: { maxStorageSize: () => '512Mi' } });
    expect(refusal.component).toBe('db');
  });

  it('refuses instances over the replica maximum', async () => {
    await builtinTester('components', { namespace: 'data', policy: { maxReplicas: () => 3 } }).runComponent('postgresql', [
      {
        name: 'db',
        properties: { replicas: 5 },
        error: { code: 'KUREL_POLICY_VIOLATION', refusalClass: RefusalClass.replicaMaximum, message: /instances 5 exceeds enforced maximum 3$/, property: ['replicas'] },
      },
    ]);
  });
});
