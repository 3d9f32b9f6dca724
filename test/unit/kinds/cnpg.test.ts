import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { cnpgKinds } from '../../../plugins/builtin-kinds/families/operators/cnpg/index.js';

const tester = builtinTester('kinds', { namespace: 'shop' });
const kind = (type: string) => cnpgKinds.find((handler) => handler.type === type)!;

describe('CloudNativePG kinds', () => {
  it('declare the eleven kinds', async () => {
    expect(cnpgKinds.map((handler) => handler.object?.kind)).toEqual([
      'Cluster', 'Pooler', 'Database', 'ObjectStore', 'Backup', 'ScheduledBackup', 'ImageCatalog', 'ClusterImageCatalog', 'DatabaseRole', 'Publication', 'Subscription',
    ]);
  });

  it('renders a Cluster with the structs Go writes even when empty, and one instance by default', async () => {
    await tester.runComponent(kind('cnpg-cluster').type, [
      {
        name: 'db',
        properties: { storage: { size: '10Gi' }, managed: { roles: [{ name: 'app', login: false, superuser: true }] }, labels: { tier: 'data' } },
        objects: [
          {
            apiVersion: 'postgresql.cnpg.io/v1',
            kind: 'Cluster',
            metadata: { name: 'db', namespace: 'shop', labels: { tier: 'data', 'launcher.gokure.dev/component': 'db' } },
            spec: {
              instances: 1,
              storage: { size: '10Gi' },
              managed: { roles: [{ name: 'app', superuser: true }] },
              postgresql: { syncReplicaElectionConstraint: { enabled: false } },
              affinity: {},
              resources: {},
            },
          },
        ],
      },
    ]);
  });

  it('writes the ObjectStore sidecar configuration and the default ensure of database objects', async () => {
    const store = await rendered(tester, kind('cnpg-objectstore').type, 'backups', { configuration: { destinationPath: 's3://b' } });
    expect(store.objects[0].spec).toEqual({ configuration: { destinationPath: 's3://b' }, instanceSidecarConfiguration: { resources: {} } });
    const db = await rendered(tester, kind('cnpg-database').type, 'orders', { cluster: { name: 'pg' }, name: 'orders', owner: 'app', schemas: [{ name: 's' }] });
    expect(db.objects[0].spec).toEqual({ cluster: { name: 'pg' }, name: 'orders', owner: 'app', schemas: [{ name: 's', ensure: 'present' }] });
  });

  it('drops the omitempty false values Go drops', async () => {
    const publication = await rendered(tester, kind('cnpg-publication').type, 'pub', {
      cluster: { name: 'pg' },
      name: 'pub',
      dbname: 'app',
      target: { allTables: false, objects: [{ table: { name: 't', only: false } }] },
    });
    expect(publication.objects[0].spec).toEqual({ cluster: { name: 'pg' }, name: 'pub', dbname: 'app', target: { objects: [{ table: { name: 't' } }] } });
  });

  it('writes durations, time stamps and zero values as Go does', async () => {
    const cluster = await rendered(tester, kind('cnpg-cluster').type, 'db', {
      instances: 3,
      replica: { source: 'origin', minApplyDelay: '90m' },
      postgresql: { synchronous: { method: 'any', number: 1 } },
      managed: { roles: [{ name: 'app', validUntil: '2027-01-31T13:00:00+01:00', connectionLimit: 0 }] },
    });
    expect(cluster.objects[0].spec).toMatchObject({
      replica: { source: 'origin', minApplyDelay: '1h30m0s' },
      postgresql: { synchronous: { method: 'any', number: 1, failoverQuorum: false } },
      managed: { roles: [{ name: 'app', validUntil: '2027-01-31T12:00:00Z' }] },
    });
    await tester.runComponent(kind('cnpg-cluster').type, [
      { properties: { replica: { source: 'o', minApplyDelay: '1 hour' } }, error: { message: /not a Go duration/, property: ['replica', 'minApplyDelay'] } },
      { properties: { managed: { roles: [{ name: 'a' }, { name: 'b', validUntil: 'tomorrow' }] } }, error: { message: /not an RFC 3339 time stamp/, property: ['managed', 'roles', 1, 'validUntil'] } },
    ]);
  });

  it('writes quantities in the canonical form Go prints and refuses what is none', async () => {
    const cluster = await rendered(tester, kind('cnpg-cluster').type, 'db', { resources: { requests: { cpu: 1, memory: '1024Mi' }, limits: { cpu: 0.5 } } });
    expect(cluster.objects[0].spec).toMatchObject({ resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '500m' } } });
    const pooler = await rendered(tester, kind('cnpg-pooler').type, 'pgb', {
      cluster: { name: 'pg' },
      pgbouncer: {},
      template: { spec: { containers: [{ name: 'pgbouncer', resources: { limits: { memory: '0.5Gi' } } }, { name: 'sidecar' }] } },
    });
    expect(pooler.objects[0].spec).toMatchObject({
      template: { metadata: {}, spec: { containers: [{ name: 'pgbouncer', resources: { limits: { memory: '512Mi' } } }, { name: 'sidecar', resources: {} }] } },
    });
    await tester.runComponent(kind('cnpg-cluster').type, [
      { properties: { storage: { pvcTemplate: { resources: { requests: { storage: 'lots' } } } } }, error: { message: /not a quantity/, property: ['storage', 'pvcTemplate', 'resources', 'requests', 'storage'] } },
    ]);
  });

  it('refuses an unknown nested field, naming its path', async () => {
    await tester.runComponent(kind('cnpg-cluster').type, [
      { properties: { bootstrap: { initdb: { databse: 'x' } } }, error: { message: /unsupported field "databse"/, property: ['bootstrap', 'initdb', 'databse'] } },
      { properties: { storage: { pvcTemplate: { resources: { request: {} } } } }, error: { property: ['storage', 'pvcTemplate', 'resources', 'request'] } },
    ]);
    await tester.runComponent(kind('cnpg-pooler').type, [
      {
        properties: { cluster: { name: 'pg' }, pgbouncer: {}, template: { spec: { containers: [{ name: 'pgbouncer', resource: {} }] } } },
        error: { message: /unsupported field "resource"/, property: ['template', 'spec', 'containers', 0, 'resource'] },
      },
    ]);
  });

  it('refuses a Pooler named like its Cluster, by its object name', async () => {
    await tester.runComponent(kind('cnpg-pooler').type, [
      { name: 'pg', properties: { cluster: { name: 'pg' }, pgbouncer: {} }, error: { message: /own object name/, property: ['cluster', 'name'] } },
      { name: 'pooler', properties: { objectName: 'pg', cluster: { name: 'pg' }, pgbouncer: {} }, error: { property: ['cluster', 'name'] } },
      { name: 'pooler', properties: { cluster: { name: 'pg' } }, error: { message: /"pgbouncer" is required/ } },
    ]);
  });

  it('refuses the postgres database and a ScheduledBackup without a schedule', async () => {
    await tester.runComponent(kind('cnpg-database').type, [{ properties: { cluster: { name: 'pg' }, name: 'postgres', owner: 'app' }, error: { message: /"postgres" is refused/, property: ['name'] } }]);
    await tester.runComponent(kind('cnpg-scheduledbackup').type, [{ properties: { cluster: { name: 'pg' } }, error: { message: /"schedule" is required/ } }]);
  });
});
