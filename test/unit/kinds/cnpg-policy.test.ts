import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { NOOP_POLICY, RefusalClass, type Policy } from 'kurel/plugin-api';
import { cnpgKinds } from '../../../plugins/builtin-kinds/families/operators/cnpg/index.js';

const kind = (type: string) => cnpgKinds.find((k) => k.type === type)!;
const under = (policy: Partial<Policy> = {}) => new HandlerTester({ namespace: 'data', policy: { ...NOOP_POLICY, ...policy } });
const cluster = (properties: Record<string, unknown>) => ({ instances: 1, storage: { size: '1Gi' }, ...properties });

describe('a CloudNativePG Cluster under the policy', () => {
  it('refuses instances and storage over the maxima', () => {
    under({ maxReplicas: () => 2 }).runComponent(kind('cnpg-cluster'), [
      { name: 'pg', properties: cluster({ instances: 3 }), error: { message: 'instances 3 exceeds enforced maximum 2', path: ['instances'], refusalClass: RefusalClass.replicaMaximum } },
    ]);
    under({ maxStorageSize: () => '10Gi' }).runComponent(kind('cnpg-cluster'), [
      { title: 'data', name: 'pg', properties: cluster({ storage: { size: '20Gi' } }), error: { message: 'storage.size "20Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
      { title: 'wal', name: 'pg', properties: cluster({ walStorage: { size: '11Gi' } }), error: { message: 'walStorage.size "11Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
    ]);
  });

  it('takes the policy default size when the spec states none', () => {
    const rendered = under({ defaultStorageSize: () => '5Gi' }).renderComponent(kind('cnpg-cluster'), 'pg', { instances: 1 });
    expect((rendered.objects[0].spec as any).storage.size).toBe('5Gi');
    expect((under().renderComponent(kind('cnpg-cluster'), 'pg', { instances: 1 }).objects[0].spec as any).storage.size).toBeUndefined();
  });

  it('refuses privileged instances, HostProcess pods and forbidden capabilities', () => {
    under({ forbiddenContainerCapabilities: () => ['NET_ADMIN'] }).runComponent(kind('cnpg-cluster'), [
      { title: 'privileged', name: 'pg', properties: cluster({ securityContext: { privileged: true } }), error: { message: 'securityContext.privileged is not allowed by environment policy', refusalClass: RefusalClass.privileged } },
      {
        title: 'pod HostProcess',
        name: 'pg',
        properties: cluster({ podSecurityContext: { windowsOptions: { hostProcess: true } } }),
        error: { message: 'podSecurityContext.windowsOptions.hostProcess is not allowed by environment policy', path: ['podSecurityContext', 'windowsOptions', 'hostProcess'], refusalClass: RefusalClass.privileged },
      },
      {
        title: 'capability',
        name: 'pg',
        properties: cluster({ securityContext: { capabilities: { add: ['NET_ADMIN'] } } }),
        error: { message: 'securityContext.capabilities.add: "NET_ADMIN" is forbidden by environment policy', refusalClass: RefusalClass.containerCapability },
      },
    ]);
  });
});

describe('a CloudNativePG Pooler under the policy', () => {
  const pooler = (spec: Record<string, unknown>) => ({ cluster: { name: 'pg' }, pgbouncer: {}, template: { spec: { containers: [{ name: 'pgbouncer', ...spec }] } } });

  it('holds its pod template to the policy, naming the fields under template.spec', () => {
    under({ maxCPU: () => '1' }).runComponent(kind('cnpg-pooler'), [
      {
        name: 'pg-pooler',
        properties: pooler({ resources: { limits: { cpu: '2' } } }),
        error: { message: 'template.spec.containers[0] "pgbouncer": cpu limit "2" exceeds enforced maximum "1"', refusalClass: RefusalClass.resourceMaximum },
      },
    ]);
    under().runComponent(kind('cnpg-pooler'), [
      { name: 'pg-pooler', properties: { cluster: { name: 'pg' }, pgbouncer: {}, template: { spec: { containers: [], hostNetwork: true } } }, error: { message: 'template.spec: hostNetwork is not allowed by environment policy', refusalClass: RefusalClass.hostNamespace } },
    ]);
  });
});
