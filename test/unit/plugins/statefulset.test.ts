import { answersOf, builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { statefulset } from '../../../plugins/builtin-components/statefulset.js';
import { DEFAULT_RESOURCES, meta, COMPONENT_LABEL } from './fixtures.js';

const tester = builtinTester('components');
const image = 'ghcr.io/example/store:v2.0.0';

function spec(rendering: { objects: Array<Record<string, any>> }): any {
  return rendering.objects[0].spec;
}

describe('statefulset component', () => {
  it('renders a StatefulSet alone: app selector, default replicas and resources, no Service or ServiceAccount', async () => {
    await tester.runComponent(statefulset.type, [
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
              template: { metadata: { labels: { app: 'db', [COMPONENT_LABEL]: 'db' } }, spec: { containers: [{ name: 'db', image, resources: DEFAULT_RESOURCES }] } },
            },
          },
        ],
      },
    ]);
    expect(await answersOf(statefulset.type, 'db', { image })).toEqual({});
  });

  it('declares port as the container port named tcp and answers it as the service port', async () => {
    const rendering = await rendered(tester, statefulset.type, 'db', { image, port: 5432, ports: [{ name: 'metrics', containerPort: 9187 }] });
    expect(spec(rendering).template.spec.containers[0].ports).toEqual([
      { name: 'tcp', containerPort: 5432, protocol: 'TCP' },
      { name: 'metrics', containerPort: 9187, protocol: 'TCP' },
    ]);
    expect(await answersOf(statefulset.type, 'db', { image, port: 5432, ports: [{ name: 'metrics', containerPort: 9187 }] })).toEqual({ servicePort: { number: 5432 } });
  });

  it('writes serviceName, podManagementPolicy, updateStrategy and the other spec fields as authored', async () => {
    const rendering = await rendered(tester, statefulset.type, 'db', {
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

  it('answers an authored serviceAccountName and writes it on the pods', async () => {
    const rendering = await rendered(tester, statefulset.type, 'db', { image, serviceAccountName: 'shared' });
    expect(await answersOf(statefulset.type, 'db', { image, serviceAccountName: 'shared' })).toEqual({ serviceAccountName: 'shared' });
    expect(spec(rendering).template.spec.serviceAccountName).toBe('shared');
  });

  it('turns storage and volumeClaimTemplates into claim templates mounted into the main container', async () => {
    const rendering = await rendered(tester, statefulset.type, 'db', {
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

  it('takes the claim templates\' storage class from the "pvc" capability when not authored', async () => {
    const withProfile = builtinTester('components', { capabilities: { pvc: { storageClassName: 'fast-ssd' } } });
    const rendering = await rendered(withProfile, statefulset.type, 'db', {
      image,
      volumeClaimTemplates: [
        { name: 'data', size: '1Gi', mountPath: '/data' },
        { name: 'logs', size: '1Gi', storageClassName: 'slow', mountPath: '/logs' },
      ],
    });
    expect(spec(rendering).volumeClaimTemplates.map((t: any) => t.spec.storageClassName)).toEqual(['fast-ssd', 'slow']);
  });

  it('mixes shorthand and Kubernetes volumes in authored order', async () => {
    const rendering = await rendered(tester, statefulset.type, 'db', {
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

  it('refuses bad ports, unknown mounts, clashing names and an unpinned image', async () => {
    await tester.runComponent(statefulset.type, [
      { title: 'port range', name: 'db', properties: { image, port: 70000 }, error: { message: /port: must be between 1 and 65535/, property: ['port'] } },
      { title: 'port name taken', name: 'db', properties: { image, port: 5432, ports: [{ name: 'tcp', containerPort: 1 }] }, error: { property: ['ports'] } },
      { title: 'unknown mount', name: 'db', properties: { image, volumeMounts: [{ name: 'nope', mountPath: '/x' }] }, error: { message: /no volume or claim template named "nope"/, property: ['volumeMounts', 0, 'name'] } },
      {
        title: 'duplicate template',
        name: 'db',
        properties: { image, storage: { size: '1Gi', mountPath: '/data' }, volumeClaimTemplates: [{ name: 'data', size: '1Gi' }] },
        error: { message: /duplicate claim template name "data"/, property: ['volumeClaimTemplates', 0, 'name'] },
      },
      {
        title: 'template named like a volume',
        name: 'db',
        properties: { image, volumes: [{ name: 'data', emptyDir: {} }], volumeClaimTemplates: [{ name: 'data', size: '1Gi' }] },
        error: { message: /has the name of a volume/ },
      },
      { title: 'two sources', name: 'db', properties: { image, volumes: [{ name: 'v', emptyDir: {}, hostPath: { path: '/x' } }] }, error: { property: ['volumes', 0] } },
      { title: 'latest', name: 'db', properties: { image: 'postgres:latest' }, error: { message: /:latest tag not allowed/, property: ['image'] } },
      { title: 'no Service keys', name: 'db', properties: { image, serviceAccount: 'x' }, error: {} },
    ]);
  });
});
