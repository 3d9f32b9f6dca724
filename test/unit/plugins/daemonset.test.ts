import { answersOf, builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { RefusalClass } from 'kurel/plugin-api';
import { NOOP_POLICY } from 'kurel/plugin-kit';
import { daemonset } from '../../../plugins/builtin-components/daemonset.js';
import { DEFAULT_RESOURCES, meta, COMPONENT_LABEL } from './fixtures.js';

const tester = builtinTester('components');
const image = 'ghcr.io/example/node-agent:v1.0.0';

function spec(rendering: { objects: Array<Record<string, any>> }): any {
  return rendering.objects[0].spec;
}

describe('daemonset component', () => {
  it('renders a DaemonSet alone, with the app selector and default resources', async () => {
    await tester.runComponent(daemonset.type, [
      {
        name: 'agent',
        properties: { image },
        objects: [
          {
            apiVersion: 'apps/v1',
            kind: 'DaemonSet',
            metadata: meta('agent'),
            spec: {
              selector: { matchLabels: { app: 'agent' } },
              template: { metadata: { labels: { app: 'agent', [COMPONENT_LABEL]: 'agent' } }, spec: { containers: [{ name: 'agent', image, resources: DEFAULT_RESOURCES }] } },
            },
          },
        ],
      },
    ]);
  });

  it('writes tolerations, raw affinity and spread constraints, sidecars and updateStrategy', async () => {
    const affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'os', operator: 'In', values: ['linux'] }] }] } } };
    const topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway' }];
    const rendering = await rendered(tester, daemonset.type, 'agent', {
      image,
      tolerations: [{ operator: 'Exists', effect: 'NoSchedule' }],
      affinity,
      topologySpreadConstraints,
      sidecars: [{ name: 'shipper', image: 'ghcr.io/example/shipper:v1.2.0' }],
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      minReadySeconds: 5,
    });
    const pod = spec(rendering).template.spec;
    expect(pod.tolerations).toEqual([{ operator: 'Exists', effect: 'NoSchedule' }]);
    expect(pod.affinity).toEqual(affinity);
    expect(pod.topologySpreadConstraints).toEqual(topologySpreadConstraints);
    expect(pod.containers.map((c: any) => c.name)).toEqual(['agent', 'shipper']);
    expect(spec(rendering).updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } });
    expect(spec(rendering).minReadySeconds).toBe(5);
    expect(spec(rendering).replicas).toBeUndefined();
  });

  it('declares port as the container port named http and answers it, with serviceAccountName', async () => {
    const rendering = await rendered(tester, daemonset.type, 'agent', { image, port: 9100, serviceAccountName: 'agent-sa' });
    expect(spec(rendering).template.spec.containers[0].ports).toEqual([{ name: 'http', containerPort: 9100, protocol: 'TCP' }]);
    expect(await answersOf(daemonset.type, 'agent', { image, port: 9100, serviceAccountName: 'agent-sa' })).toEqual({ serviceAccountName: 'agent-sa', servicePort: { number: 9100 } });
    expect(await answersOf(daemonset.type, 'agent', { image })).toEqual({});
  });

  it('mounts a Kubernetes hostPath volume through volumeMounts, where the policy allows host paths', async () => {
    const rendering = await rendered(builtinTester('components', { policy: { ...NOOP_POLICY, allowHostPathVolumes: () => true } }), daemonset.type, 'agent', {
      image,
      volumes: [{ name: 'host-proc', hostPath: { path: '/proc' } }],
      volumeMounts: [{ name: 'host-proc', mountPath: '/host/proc', readOnly: true }],
    });
    expect(spec(rendering).template.spec.volumes).toEqual([{ name: 'host-proc', hostPath: { path: '/proc' } }]);
    expect(spec(rendering).template.spec.containers[0].volumeMounts).toEqual([{ name: 'host-proc', mountPath: '/host/proc', readOnly: true }]);
  });

  it('refuses a hostPath volume, raw or shorthand, under the default policy, naming the authored entry', async () => {
    await tester.runComponent(daemonset.type, [
      {
        title: 'raw',
        name: 'agent',
        properties: { image, volumes: [{ name: 'data', emptyDir: {} }, { name: 'host-proc', hostPath: { path: '/proc' } }] },
        error: { message: 'component "agent": volume "host-proc": hostPath volumes are not allowed by environment policy', property: ['volumes', 1], refusalClass: RefusalClass.hostPath },
      },
      {
        title: 'shorthand',
        name: 'agent',
        properties: { image, volumes: [{ name: 'logs', type: 'hostPath', path: '/var/log', mountPath: '/logs' }] },
        error: { message: 'component "agent": volume "logs": hostPath volumes are not allowed by environment policy', property: ['volumes', 0], refusalClass: RefusalClass.hostPath },
      },
    ]);
  });

  it('refuses a volume with neither type nor source, shorthand keys on a raw volume and a claim template', async () => {
    await tester.runComponent(daemonset.type, [
      { title: 'no source', name: 'agent', properties: { image, volumes: [{ name: 'v' }] }, error: { message: /needs type, or exactly one of/, property: ['volumes', 0] } },
      { title: 'shorthand key on raw', name: 'agent', properties: { image, volumes: [{ name: 'v', emptyDir: {}, mountPath: '/v' }] }, error: { property: ['volumes', 0, 'mountPath'] } },
      { title: 'source on shorthand', name: 'agent', properties: { image, volumes: [{ name: 'v', type: 'emptyDir', mountPath: '/v', hostPath: { path: '/x' } }] }, error: { property: ['volumes', 0, 'hostPath'] } },
      { title: 'duplicate mount path', name: 'agent', properties: { image, volumes: [{ name: 'v', type: 'emptyDir', mountPath: '/v' }, { name: 'w', emptyDir: {} }], volumeMounts: [{ name: 'w', mountPath: '/v' }] }, error: { property: ['volumeMounts', 0, 'mountPath'] } },
      { title: 'no claim templates', name: 'agent', properties: { image, volumeClaimTemplates: [] }, error: {} },
      { title: 'no replicas', name: 'agent', properties: { image, replicas: 2 }, error: {} },
    ]);
  });
});
