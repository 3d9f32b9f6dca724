import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { RefusalClass, type Policy } from 'kurel/plugin-api';
import { NOOP_POLICY } from 'kurel/plugin-kit';
import { kinds } from '../../../plugins/builtin-kinds/families/core.js';

// The workload kinds written whole hold their pod spec to the environment policy, each refusal
// naming the field by its path below the kind's properties.

const kind = (type: string) => kinds.find((k) => k.type === type)!;
const under = (policy: Partial<Policy> = {}) => builtinTester('kinds', { namespace: 'shop', policy: { ...NOOP_POLICY, ...policy } });
const container = { name: 'app', image: 'ghcr.io/example/app:v1.0.0' };
const template = (spec: Record<string, unknown>) => ({ metadata: { labels: { app: 'app' } }, spec: { containers: [container], ...spec } });

describe('a Pod and the pod-template kinds under the policy', () => {
  it('refuses a bare Pod on the host network, by its field', async () => {
    await under().runComponent(kind('pod').type, [
      { name: 'app', properties: { containers: [container], hostNetwork: true }, error: { message: 'component "app": hostNetwork is not allowed by environment policy', property: ['hostNetwork'], refusalClass: RefusalClass.hostNamespace } },
      {
        title: 'privileged init container',
        name: 'app',
        properties: { containers: [container], initContainers: [{ ...container, name: 'init', securityContext: { privileged: true } }] },
        error: { message: 'component "app": initContainers[0] "init": securityContext.privileged is not allowed by environment policy', refusalClass: RefusalClass.privileged },
      },
      {
        title: 'pod HostProcess',
        name: 'app',
        properties: { containers: [container], securityContext: { windowsOptions: { hostProcess: true } } },
        error: { message: 'component "app": securityContext.windowsOptions.hostProcess is not allowed by environment policy', refusalClass: RefusalClass.privileged },
      },
    ]);
  });

  it('names a template’s fields under template.spec', async () => {
    await under().runComponent(kind('replicaset').type, [
      {
        name: 'app',
        properties: { selector: { matchLabels: { app: 'app' } }, template: template({ volumes: [{ name: 'h', hostPath: { path: '/' } }] }) },
        error: { message: 'component "app": template.spec: volume "h": hostPath volumes are not allowed by environment policy', property: ['template', 'spec', 'volumes', 0], refusalClass: RefusalClass.hostPath },
      },
    ]);
    await under({ maxCPU: () => '1' }).runComponent(kind('replicationcontroller').type, [
      {
        name: 'app',
        properties: { template: template({ containers: [{ ...container, resources: { limits: { cpu: '2' } } }] }) },
        error: { message: 'component "app": template.spec.containers[0] "app": cpu limit "2" exceeds enforced maximum "1"', property: ['template', 'spec', 'containers', 0, 'resources', 'limits', 'cpu'], refusalClass: RefusalClass.resourceMaximum },
      },
    ]);
    await under({ allowedRegistries: () => ['quay.io'] }).runComponent(kind('podtemplate').type, [
      { name: 'app', properties: { template: template({}) }, error: { message: 'component "app": template.spec.containers[0] "app": image "ghcr.io/example/app:v1.0.0" is not from an allowed registry [quay.io]', refusalClass: RefusalClass.registry } },
    ]);
  });

  it('holds a ReplicaSet’s replicas to the maximum', async () => {
    await under({ maxReplicas: () => 2 }).runComponent(kind('replicaset').type, [
      { name: 'app', properties: { replicas: 3, selector: { matchLabels: { app: 'app' } }, template: template({}) }, error: { message: 'component "app": replicas 3 exceeds enforced maximum 2', refusalClass: RefusalClass.replicaMaximum } },
    ]);
  });

  it('builds them where the policy allows what they ask for', async () => {
    const allowing = under({ allowHostNetwork: () => true });
    expect((await rendered(allowing, kind('pod').type, 'app', { containers: [container], hostNetwork: true })).objects[0].spec).toMatchObject({ hostNetwork: true });
  });
});

describe('storage and autoscaler kinds under the policy', () => {
  it('refuses a hostPath or local PersistentVolume by default, and capacity over the maximum', async () => {
    const pv = (source: Record<string, unknown>) => ({ capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce'], ...source });
    await under().runComponent(kind('persistentvolume').type, [
      { title: 'hostPath', name: 'pv', properties: pv({ hostPath: { path: '/data' } }), error: { message: 'component "pv": hostPath: a hostPath PersistentVolume is not allowed by environment policy', property: ['hostPath'], refusalClass: RefusalClass.hostPath } },
      { title: 'local', name: 'pv', properties: pv({ local: { path: '/mnt/disk' } }), error: { message: 'component "pv": local: a local PersistentVolume is not allowed by environment policy', refusalClass: RefusalClass.hostPath } },
    ]);
    await under({ maxStorageSize: () => '1Gi' }).runComponent(kind('persistentvolume').type, [
      { name: 'pv', properties: pv({ csi: { driver: 'x', volumeHandle: 'y' } }), error: { message: 'component "pv": capacity.storage "5Gi" exceeds enforced maximum "1Gi"', property: ['capacity', 'storage'], refusalClass: RefusalClass.storageMaximum } },
    ]);
    expect((await rendered(under({ allowHostPathVolumes: () => true }), 'persistentvolume', 'pv', pv({ hostPath: { path: '/data' } }))).objects).toHaveLength(1);
  });

  it('refuses a claim over the storage maximum and an autoscaler over the replica maximum', async () => {
    await under({ maxStorageSize: () => '1Gi' }).runComponent(kind('persistentvolumeclaim').type, [
      { name: 'data', properties: { size: '5Gi' }, error: { message: 'component "data": PVC "data": storageSize "5Gi" exceeds enforced maximum "1Gi"', property: ['size'], refusalClass: RefusalClass.storageMaximum } },
    ]);
    await under({ maxReplicas: () => 4 }).runComponent(kind('horizontalpodautoscaler').type, [
      { name: 'web', properties: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 6 }, error: { message: 'component "web": replicas 6 exceeds enforced maximum 4', property: ['maxReplicas'], refusalClass: RefusalClass.replicaMaximum } },
    ]);
  });
});
