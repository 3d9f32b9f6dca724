import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { statefulset } from '../../../plugins/builtin-components/statefulset.js';
import { DEFAULT_RESOURCES, meta } from './fixtures.js';

const tester = new HandlerTester();
const image = 'ghcr.io/example/store:v2.0.0';

function spec(rendering: { objects: Array<Record<string, any>> }): any {
  return rendering.objects[0].spec;
}

describe('statefulset component', () => {
  it('renders a StatefulSet alone: app selector, default replicas and resources, no Service or ServiceAccount', () => {
    tester.runComponent(statefulset, [
      {
        name: 'db',
        properties: { image },
        objects: [
          {
            apiVersion: 'apps/v1',
            kind: 'StatefulSet',
            metadata: meta('db'),
            spec: {
              replicas: 1,
              selector: { matchLabels: { app: 'db' } },
              template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image, resources: DEFAULT_RESOURCES }] } },
            },
          },
        ],
      },
    ]);
    expect(tester.renderComponent(statefulset, 'db', { image }).answers).toEqual({});
  });

  it('declares port as the container port named tcp and answers it as the service port', () => {
    const rendering = tester.renderComponent(statefulset, 'db', { image, port: 5432, ports: [{ name: 'metrics', containerPort: 9187 }] });
    expect(spec(rendering).template.spec.containers[0].ports).toEqual([
      { name: 'tcp', containerPort: 5432, protocol: 'TCP' },
      { name: 'metrics', containerPort: 9187, protocol: 'TCP' },
    ]);
    expect(rendering.answers).toEqual({ servicePort: { port: 5432, name: 'tcp' } });
  });

  it('writes serviceName, podManagementPolicy, updateStrategy and the other spec fields as authored', () => {
    const rendering = tester.renderComponent(statefulset, 'db', {
      image,
      replicas: 3,
      serviceName: 'db-headless',
      podManagementPolicy: 'Parallel',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
      minReadySeconds: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' },
      ordinals: { start: 1 },
    });
    expect(spec(rendering)).toMatchObject({
      replicas: 3,
      serviceName: 'db-headless',
      podManagementPolicy: 'Parallel',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
      minReadySeconds: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' },
      ordinals: { start: 1 },
    });
  });

  it('answers an authored serviceAccountName and writes it on the pods', () => {
    const rendering = tester.renderComponent(statefulset, 'db', { image, serviceAccountName: 'shared' });
    expect(rendering.answers).toEqual({ serviceAccountName: 'shared' });
    expect(spec(rendering).template.spec.serviceAccountName).toBe('shared');
  });

  it('turns storage and volumeClaimTemplates into claim templates mounted into the main container', () => {
    const rendering = tester.renderComponent(statefulset, 'db', {
      image,
      storage: { size: '20Gi', storageClass: 'standard', mountPath: '/data' },
      volumeClaimTemplates: [{ name: 'wal', size: '5Gi', accessModes: ['ReadWriteOncePod'], volumeMode: 'Filesystem', labels: { tier: 'wal' } }],
      volumeMounts: [{ name: 'wal', mountPath: '/wal' }],
    });
    expect(spec(rendering).volumeClaimTemplates).toEqual([
      { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '20Gi' } }, storageClassName: 'standard' } },
      { metadata: { name: 'wal', labels: { tier: 'wal' } }, spec: { accessModes: ['ReadWriteOncePod'], resources: { requests: { storage: '5Gi' } }, volumeMode: 'Filesystem' } },
    ]);
    expect(spec(rendering).template.spec.containers[0].volumeMounts).toEqual([
      { name: 'wal', mountPath: '/wal' },
      { name: 'data', mountPath: '/data' },
    ]);
    expect(spec(rendering).template.spec.volumes).toBeUndefined();
  });

  it('takes the claim templates\' storage class from the "pvc" capability when not authored', () => {
    const withProfile = new HandlerTester({ capabilities: { pvc: { storageClassName: 'fast-ssd' } } });
    const rendering = withProfile.renderComponent(statefulset, 'db', {
      image,
      volumeClaimTemplates: [
        { name: 'data', size: '1Gi', mountPath: '/data' },
        { name: 'logs', size: '1Gi', storageClassName: 'slow', mountPath: '/logs' },
      ],
    });
    expect(spec(rendering).volumeClaimTemplates.map((t: any) => t.spec.storageClassName)).toEqual(['fast-ssd', 'slow']);
  });

  it('mixes shorthand and Kubernetes volumes in authored order', () => {
    const rendering = tester.renderComponent(statefulset, 'db', {
      image,
      volumes: [
        { name: 'conf', type: 'configMap', configMapName: 'db-conf', mountPath: '/etc/db' },
        { name: 'scratch', emptyDir: { medium: 'Memory' } },
      ],
      volumeMounts: [{ name: 'scratch', mountPath: '/scratch' }],
    });
    expect(spec(rendering).template.spec.volumes).toEqual([
      { name: 'conf', configMap: { name: 'db-conf' } },
      { name: 'scratch', emptyDir: { medium: 'Memory' } },
    ]);
    expect(spec(rendering).template.spec.containers[0].volumeMounts).toEqual([
      { name: 'conf', mountPath: '/etc/db' },
      { name: 'scratch', mountPath: '/scratch' },
    ]);
  });

  it('refuses bad ports, unknown mounts, clashing names and an unpinned image', () => {
    tester.runComponent(statefulset, [
      { title: 'port range', name: 'db', properties: { image, port: 70000 }, error: { message: /port: must be between 1 and 65535/, path: ['port'] } },
      { title: 'port name taken', name: 'db', properties: { image, port: 5432, ports: [{ name: 'tcp', containerPort: 1 }] }, error: { path: ['ports'] } },
      { title: 'unknown mount', name: 'db', properties: { image, volumeMounts: [{ name: 'nope', mountPath: '/x' }] }, error: { message: /no volume or claim template named "nope"/, path: ['volumeMounts', 0, 'name'] } },
      {
        title: 'duplicate template',
        name: 'db',
        properties: { image, storage: { size: '1Gi', mountPath: '/data' }, volumeClaimTemplates: [{ name: 'data', size: '1Gi' }] },
        error: { message: /duplicate claim template name "data"/, path: ['volumeClaimTemplates', 0, 'name'] },
      },
      {
        title: 'template named like a volume',
        name: 'db',
        properties: { image, volumes: [{ name: 'data', emptyDir: {} }], volumeClaimTemplates: [{ name: 'data', size: '1Gi' }] },
        error: { message: /has the name of a volume/ },
      },
      { title: 'two sources', name: 'db', properties: { image, volumes: [{ name: 'v', emptyDir: {}, hostPath: { path: '/x' } }] }, error: { path: ['volumes', 0] } },
      { title: 'latest', name: 'db', properties: { image: 'postgres:latest' }, error: { message: /:latest tag not allowed/, path: ['image'] } },
      { title: 'no Service keys', name: 'db', properties: { image, serviceAccount: 'x' }, error: {} },
    ]);
  });
});
