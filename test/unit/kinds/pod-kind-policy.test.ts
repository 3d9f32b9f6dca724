import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { NOOP_POLICY, RefusalClass, type Policy } from 'kurel/plugin-api';
import { kinds } from '../../../plugins/builtin-kinds/families/core.js';

// The workload kinds written whole hold their pod spec to the environment policy, each refusal
// naming the field by its path below the kind's properties.

const kind = (type: string) => kinds.find((k) => k.type === type)!;
const under = (policy: Partial<Policy> = {}) => new HandlerTester({ namespace: 'shop', policy: { ...NOOP_POLICY, ...policy } });
const container = { name: 'app', image: 'ghcr.io/example/app:v1.0.0' };
const template = (spec: Record<string, unknown>) => ({ metadata: { labels: { app: 'app' } }, spec: { containers: [container], ...spec } });

describe('a Pod and the pod-template kinds under the policy', () => {
  it('refuses a bare Pod on the host network, by its field', () => {
    under().runComponent(kind('pod'), [
      { name: 'app', properties: { containers: [container], hostNetwork: true }, error: { message: 'hostNetwork is not allowed by environment policy', path: ['hostNetwork'], refusalClass: RefusalClass.hostNamespace } },
      {
        title: 'privileged init container',
        name: 'app',
        properties: { containers: [container], initContainers: [{ ...container, name: 'init', securityContext: { privileged: true } }] },
        error: { message: 'initContainers[0] "init": securityContext.privileged is not allowed by environment policy', refusalClass: RefusalClass.privileged },
      },
      {
        title: 'pod HostProcess',
        name: 'app',
        properties: { containers: [container], securityContext: { windowsOptions: { hostProcess: true } } },
        error: { message: 'securityContext.windowsOptions.hostProcess is not allowed by environment policy', refusalClass: RefusalClass.privileged },
      },
    ]);
  });

  it('names a template’s fields under template.spec', () => {
    under().runComponent(kind('replicaset'), [
      {
        name: 'app',
        properties: { selector: { matchLabels: { app: 'app' } }, template: template({ volumes: [{ name: 'h', hostPath: { path: '/' } }] }) },
        error: { message: 'template.spec: volume "h": hostPath volumes are not allowed by environment policy', path: ['template', 'spec', 'volumes', 0], refusalClass: RefusalClass.hostPath },
      },
    ]);
    under({ maxCPU: () => '1' }).runComponent(kind('replicationcontroller'), [
      {
        name: 'app',
        properties: { template: template({ containers: [{ ...container, resources: { limits: { cpu: '2' } } }] }) },
        error: { message: 'template.spec.containers[0] "app": cpu limit "2" exceeds enforced maximum "1"', path: ['template', 'spec', 'containers', 0, 'resources', 'limits', 'cpu'], refusalClass: RefusalClass.resourceMaximum },
      },
    ]);
    under({ allowedRegistries: () => ['quay.io'] }).runComponent(kind('podtemplate'), [
      { name: 'app', properties: { template: template({}) }, error: { message: 'template.spec.containers[0] "app": image "ghcr.io/example/app:v1.0.0" is not from an allowed registry [quay.io]', refusalClass: RefusalClass.registry } },
    ]);
  });

  it('holds a ReplicaSet’s replicas to the maximum', () => {
    under({ maxReplicas: () => 2 }).runComponent(kind('replicaset'), [
      { name: 'app', properties: { replicas: 3, selector: { matchLabels: { app: 'app' } }, template: template({}) }, error: { message: 'replicas 3 exceeds enforced maximum 2', refusalClass: RefusalClass.replicaMaximum } },
    ]);
  });

  it('builds them where the policy allows what they ask for', () => {
    const allowing = under({ allowHostNetwork: () => true });
    expect(allowing.renderComponent(kind('pod'), 'app', { containers: [container], hostNetwork: true }).objects[0].spec).toMatchObject({ hostNetwork: true });
  });
});

describe('storage and autoscaler kinds under the policy', () => {
  it('refuses a hostPath or local PersistentVolume by default, and capacity over the maximum', () => {
    const pv = (source: Record<string, unknown>) => ({ capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce'], ...source });
    under().runComponent(kind('persistentvolume'), [
      { title: 'hostPath', name: 'pv', properties: pv({ hostPath: { path: '/data' } }), error: { message: 'hostPath: a hostPath PersistentVolume is not allowed by environment policy', path: ['hostPath'], refusalClass: RefusalClass.hostPath } },
      { title: 'local', name: 'pv', properties: pv({ local: { path: '/mnt/disk' } }), error: { message: 'local: a local PersistentVolume is not allowed by environment policy', refusalClass: RefusalClass.hostPath } },
    ]);
    under({ maxStorageSize: () => '1Gi' }).runComponent(kind('persistentvolume'), [
      { name: 'pv', properties: pv({ csi: { driver: 'x', volumeHandle: 'y' } }), error: { message: 'capacity.storage "5Gi" exceeds enforced maximum "1Gi"', path: ['capacity', 'storage'], refusalClass: RefusalClass.storageMaximum } },
    ]);
    expect(under({ allowHostPathVolumes: () => true }).renderComponent(kind('persistentvolume'), 'pv', pv({ hostPath: { path: '/data' } })).objects).toHaveLength(1);
  });

  it('refuses a claim over the storage maximum and an autoscaler over the replica maximum', () => {
    under({ maxStorageSize: () => '1Gi' }).runComponent(kind('persistentvolumeclaim'), [
      { name: 'data', properties: { size: '5Gi' }, error: { message: 'PVC "data": storageSize "5Gi" exceeds enforced maximum "1Gi"', path: ['size'], refusalClass: RefusalClass.storageMaximum } },
    ]);
    under({ maxReplicas: () => 4 }).runComponent(kind('horizontalpodautoscaler'), [
      { name: 'web', properties: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 6 }, error: { message: 'replicas 6 exceeds enforced maximum 4', path: ['maxReplicas'], refusalClass: RefusalClass.replicaMaximum } },
    ]);
  });
});
