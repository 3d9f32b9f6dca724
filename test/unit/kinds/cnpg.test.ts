import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { cnpgKinds } from '../../../plugins/builtin-kinds/families/operators/cnpg/index.js';

const tester = new HandlerTester({ namespace: 'shop' });
const kind = (type: string) => cnpgKinds.find((handler) => handler.type === type)!;

describe('CloudNativePG kinds', () => {
  it('declare the eleven kinds', () => {
    expect(cnpgKinds.map((handler) => handler.object?.kind)).toEqual([
      'Cluster', 'Pooler', 'Database', 'ObjectStore', 'Backup', 'ScheduledBackup', 'ImageCatalog', 'ClusterImageCatalog', 'DatabaseRole', 'Publication', 'Subscription',
    ]);
  });

  it('renders a Cluster with the structs Go writes even when empty, and one instance by default', () => {
    tester.runComponent(kind('cnpg-cluster'), [
      {
        name: 'db',
        properties: { storage: { size: '10Gi' }, managed: { roles: [{ name: 'app', login: false, superuser: true }] }, labels: { tier: 'data' } },
        objects: [
          {
            apiVersion: 'postgresql.cnpg.io/v1',
            kind: 'Cluster',
            metadata: { name: 'db', namespace: 'shop', labels: { tier: 'data' } },
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

  it('writes the ObjectStore sidecar configuration and the default ensure of database objects', () => {
    const store = tester.renderComponent(kind('cnpg-objectstore'), 'backups', { configuration: { destinationPath: 's3://b' } });
    expect(store.objects[0].spec).toEqual({ configuration: { destinationPath: 's3://b' }, instanceSidecarConfiguration: { resources: {} } });
    const db = tester.renderComponent(kind('cnpg-database'), 'orders', { cluster: { name: 'pg' }, name: 'orders', owner: 'app', schemas: [{ name: 's' }] });
    expect(db.objects[0].spec).toEqual({ cluster: { name: 'pg' }, name: 'orders', owner: 'app', schemas: [{ name: 's', ensure: 'present' }] });
  });

  it('drops the omitempty false values Go drops', () => {
    const publication = tester.renderComponent(kind('cnpg-publication'), 'pub', {
      cluster: { name: 'pg' },
      name: 'pub',
      dbname: 'app',
      target: { allTables: false, objects: [{ table: { name: 't', only: false } }] },
    });
    expect(publication.objects[0].spec).toEqual({ cluster: { name: 'pg' }, name: 'pub', dbname: 'app', target: { objects: [{ table: { name: 't' } }] } });
  });

  it('writes durations, time stamps and zero values as Go does', () => {
    const cluster = tester.renderComponent(kind('cnpg-cluster'), 'db', {
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
    tester.runComponent(kind('cnpg-cluster'), [
      { properties: { replica: { source: 'o', minApplyDelay: '1 hour' } }, error: { message: /not a duration/, path: ['replica', 'minApplyDelay'] } },
      { properties: { managed: { roles: [{ name: 'a' }, { name: 'b', validUntil: 'tomorrow' }] } }, error: { message: /not an RFC 3339 time stamp/, path: ['managed', 'roles', 1, 'validUntil'] } },
    ]);
  });

  it('writes quantities in the canonical form Go prints and refuses what is none', () => {
    const cluster = tester.renderComponent(kind('cnpg-cluster'), 'db', { resources: { requests: { cpu: 1, memory: '1024Mi' }, limits: { cpu: 0.5 } } });
    expect(cluster.objects[0].spec).toMatchObject({ resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '500m' } } });
    const pooler = tester.renderComponent(kind('cnpg-pooler'), 'pgb', {
      cluster: { name: 'pg' },
      pgbouncer: {},
      template: { spec: { containers: [{ name: 'pgbouncer', resources: { limits: { memory: '0.5Gi' } } }, { name: 'sidecar' }] } },
    });
    expect(pooler.objects[0].spec).toMatchObject({
      template: { metadata: {}, spec: { containers: [{ name: 'pgbouncer', resources: { limits: { memory: '512Mi' } } }, { name: 'sidecar', resources: {} }] } },
    });
    tester.runComponent(kind('cnpg-cluster'), [
      { properties: { storage: { pvcTemplate: { resources: { requests: { storage: 'lots' } } } } }, error: { message: /not a quantity/, path: ['storage', 'pvcTemplate', 'resources', 'requests', 'storage'] } },
    ]);
  });

  it('refuses an unknown nested field, naming its path', () => {
    tester.runComponent(kind('cnpg-cluster'), [
      { properties: { bootstrap: { initdb: { databse: 'x' } } }, error: { message: /unsupported field "databse"/, path: ['bootstrap', 'initdb', 'databse'] } },
      { properties: { storage: { pvcTemplate: { resources: { request: {} } } } }, error: { path: ['storage', 'pvcTemplate', 'resources', 'request'] } },
    ]);
    tester.runComponent(kind('cnpg-pooler'), [
      {
        properties: { cluster: { name: 'pg' }, pgbouncer: {}, template: { spec: { containers: [{ name: 'pgbouncer', resource: {} }] } } },
        error: { message: /unsupported field "resource"/, path: ['template', 'spec', 'containers', 0, 'resource'] },
      },
    ]);
  });

  it('refuses a Pooler named like its Cluster, by its object name', () => {
    tester.runComponent(kind('cnpg-pooler'), [
      { name: 'pg', properties: { cluster: { name: 'pg' }, pgbouncer: {} }, error: { message: /own object name/, path: ['cluster', 'name'] } },
      { name: 'pooler', properties: { objectName: 'pg', cluster: { name: 'pg' }, pgbouncer: {} }, error: { path: ['cluster', 'name'] } },
      { name: 'pooler', properties: { cluster: { name: 'pg' } }, error: { message: /"pgbouncer" is required/ } },
    ]);
  });

  it('refuses the postgres database and a ScheduledBackup without a schedule', () => {
    tester.runComponent(kind('cnpg-database'), [{ properties: { cluster: { name: 'pg' }, name: 'postgres', owner: 'app' }, error: { message: /"postgres" is refused/, path: ['name'] } }]);
    tester.runComponent(kind('cnpg-scheduledbackup'), [{ properties: { cluster: { name: 'pg' } }, error: { message: /"schedule" is required/ } }]);
  });
});
