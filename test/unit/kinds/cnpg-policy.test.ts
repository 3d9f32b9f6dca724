import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { RefusalClass, type Policy } from 'kurel/plugin-api';
import { NOOP_POLICY } from 'kurel/plugin-kit';
import { cnpgKinds } from '../../../plugins/builtin-kinds/families/operators/cnpg/index.js';

const kind = (type: string) => cnpgKinds.find((k) => k.type === type)!;
const under = (policy: Partial<Policy> = {}) => builtinTester('kinds', { namespace: 'data', policy: { ...NOOP_POLICY, ...policy } });
const cluster = (properties: Record<string, unknown>) => ({ instances: 1, storage: { size: '1Gi' }, ...properties });

describe('a CloudNativePG Cluster under the policy', () => {
  it('refuses instances and storage over the maxima', async () => {
    await under({ maxReplicas: () => 2 }).runComponent(kind('cnpg-cluster').type, [
      { name: 'pg', properties: cluster({ instances: 3 }), error: { message: 'component "pg": instances 3 exceeds enforced maximum 2', property: ['instances'], refusalClass: RefusalClass.replicaMaximum } },
    ]);
    await under({ maxStorageSize: () => '10Gi' }).runComponent(kind('cnpg-cluster').type, [
      { title: 'data', name: 'pg', properties: cluster({ storage: { size: '20Gi' } }), error: { message: 'component "pg": storage.size "20Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
      { title: 'wal', name: 'pg', properties: cluster({ walStorage: { size: '11Gi' } }), error: { message: 'component "pg": walStorage.size "11Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
    ]);
  });

  it('takes the policy default size when the spec states none', async () => {
    const emittedBy = await rendered(under({ defaultStorageSize: () => '5Gi' }), 'cnpg-cluster', 'pg', { instances: 1 });
    expect((emittedBy.objects[0].spec as any).storage.size).toBe('5Gi');
    expect(((await rendered(under(), 'cnpg-cluster', 'pg', { instances: 1 })).objects[0].spec as any).storage.size).toBeUndefined();
  });

  it('refuses privileged instances, HostProcess pods and forbidden capabilities', async () => {
    await under({ forbiddenContainerCapabilities: () => ['NET_ADMIN'] }).runComponent(kind('cnpg-cluster').type, [
      { title: 'privileged', name: 'pg', properties: cluster({ securityContext: { privileged: true } }), error: { message: 'component "pg": securityContext.privileged is not allowed by environment policy', refusalClass: RefusalClass.privileged } },
      {
        title: 'pod HostProcess',
        name: 'pg',
        properties: cluster({ podSecurityContext: { windowsOptions: { hostProcess: true } } }),
        error: { message: 'component "pg": podSecurityContext.windowsOptions.hostProcess is not allowed by environment policy', property: ['podSecurityContext', 'windowsOptions', 'hostProcess'], refusalClass: RefusalClass.privileged },
      },
      {
        title: 'capability',
        name: 'pg',
        properties: cluster({ securityContext: { capabilities: { add: ['NET_ADMIN'] } } }),
        error: { message: 'component "pg": securityContext.capabilities.add: "NET_ADMIN" is forbidden by environment policy', refusalClass: RefusalClass.containerCapability },
      },
    ]);
  });
});

describe('a CloudNativePG Pooler under the policy', () => {
  const pooler = (spec: Record<string, unknown>) => ({ cluster: { name: 'pg' }, pgbouncer: {}, template: { spec: { containers: [{ name: 'pgbouncer', ...spec }] } } });

  it('holds its pod template to the policy, naming the fields under template.spec', async () => {
    await under({ maxCPU: () => '1' }).runComponent(kind('cnpg-pooler').type, [
      {
        name: 'pg-pooler',
        properties: pooler({ resources: { limits: { cpu: '2' } } }),
        error: { message: 'component "pg-pooler": template.spec.containers[0] "pgbouncer": cpu limit "2" exceeds enforced maximum "1"', refusalClass: RefusalClass.resourceMaximum },
      },
    ]);
    await under().runComponent(kind('cnpg-pooler').type, [
      { name: 'pg-pooler', properties: { cluster: { name: 'pg' }, pgbouncer: {}, template: { spec: { containers: [], hostNetwork: true } } }, error: { message: 'component "pg-pooler": template.spec: hostNetwork is not allowed by environment policy', refusalClass: RefusalClass.hostNamespace } },
    ]);
  });
});
