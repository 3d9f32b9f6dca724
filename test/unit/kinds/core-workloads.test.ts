import { meta } from './support.js';
import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/core.js';

const kind = (type: string) => kinds.find((k) => k.type === type)!;
const tester = builtinTester('kinds', { namespace: 'shop' });
const render = async (type: string, properties: Record<string, unknown>, name = 'app') => (await rendered(tester, kind(type).type, name, properties)).objects;

const container = { name: 'app', image: 'ghcr.io/example/app:v1.0.0' };

describe('pod', () => {
  it('renders the PodSpec as the reference prints it, with the app label', async () => {
    const [pod] = (await render('pod', {
      terminationGracePeriodSeconds: 0,
      automountServiceAccountToken: false,
      containers: [
        {
          ...container,
          resources: { limits: { cpu: 1, memory: '1024Mi' }, requests: { cpu: 0.5 } },
          readinessProbe: { httpGet: { path: '/ready', port: 'http' }, initialDelaySeconds: 0, periodSeconds: 5 },
          volumeMounts: [{ name: 'scratch', mountPath: '/scratch', readOnly: false }],
        },
        { name: 'side', image: 'ghcr.io/example/side:v1' },
      ],
      volumes: [{ name: 'scratch', emptyDir: {} }],
      tolerations: [],
    }));
    expect(pod).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'app', namespace: 'shop', labels: { app: 'app', 'launcher.gokure.dev/component': 'app' } },
      spec: {
        terminationGracePeriodSeconds: 0,
        automountServiceAccountToken: false,
        containers: [
          {
            ...container,
            resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m' } },
            readinessProbe: { httpGet: { path: '/ready', port: 'http' }, periodSeconds: 5 },
            volumeMounts: [{ name: 'scratch', mountPath: '/scratch' }],
          },
          { name: 'side', image: 'ghcr.io/example/side:v1', resources: {} },
        ],
        volumes: [{ name: 'scratch', emptyDir: {} }],
      },
    });
  });

  it('refuses an unknown field at any depth, naming its path', async () => {
    await tester.runComponent(kind('pod').type, [
      {
        properties: { containers: [{ ...container, resources: { limitz: {} } }] },
        error: { message: /unsupported field "limitz"/, property: ['containers', 0, 'resources', 'limitz'] },
      },
      { properties: { containers: [{ ...container, ports: [{ containerPort: '80' }] }] }, error: { message: /expected a whole number, got a string/, property: ['containers', 0, 'ports', 0, 'containerPort'] } },
      { properties: { containers: [container], restartPolicy: 'Sometimes' }, error: { message: /must be one of: Always, Never, OnFailure/, property: ['restartPolicy'] } },
      { properties: {}, error: { message: 'component "web" (type "pod"): "containers" is required', property: [] } },
    ]);
  });

  it('refuses ephemeralContainers, priority and overhead', async () => {
    await tester.runComponent(kind('pod').type, [
      { properties: { containers: [container], ephemeralContainers: [{ name: 'debug', image: 'busybox:1' }] }, error: { message: /ephemeral containers/, property: ['ephemeralContainers'] } },
      { properties: { containers: [container], priority: 10 }, error: { message: /priorityClassName/, property: ['priority'] } },
      { properties: { containers: [container], overhead: { cpu: '1' } }, error: { message: /runtimeClassName/, property: ['overhead'] } },
    ]);
  });
});

describe('replicaset and replicationcontroller', () => {
  const template = { metadata: { labels: { tier: 'web' } }, spec: { containers: [container] } };

  it('put the app label on the pod template only', async () => {
    const [rs] = (await render('replicaset', { replicas: 2, selector: { matchLabels: { app: 'app' } }, template }, 'app'));
    expect(rs.metadata).toEqual(meta('app', 'shop'));
    expect((rs.spec as any).template.metadata.labels).toEqual({ tier: 'web', app: 'app', 'launcher.gokure.dev/component': 'app' });
    expect((rs.spec as any).template.spec.containers[0].resources).toEqual({});
    const [rc] = (await render('replicationcontroller', { template: { spec: { containers: [container] } } }, 'web'));
    expect(rc).toMatchObject({ apiVersion: 'v1', kind: 'ReplicationController', spec: { template: { metadata: { labels: { app: 'web' } } } } });
  });

  it('refuse what the reference refuses', async () => {
    await tester.runComponent(kind('replicaset').type, [
      { title: 'no selector', properties: { template }, error: { message: 'component "web" (type "replicaset"): "selector" is required' } },
      { title: 'no template', properties: { selector: {} }, error: { message: 'component "web" (type "replicaset"): "template" is required' } },
      {
        title: 'a deadline',
        properties: { selector: {}, template: { spec: { containers: [container], activeDeadlineSeconds: 60 } } },
        error: { message: /a deadline belongs to a Job/, property: ['template', 'spec', 'activeDeadlineSeconds'] },
      },
      {
        title: 'a foreign app label',
        properties: { selector: {}, template: { metadata: { labels: { app: 'other' } }, spec: { containers: [container] } } },
        error: { property: ['template', 'metadata', 'labels', 'app'] },
      },
      { title: 'unknown nested field', properties: { selector: { matchLabel: {} }, template }, error: { message: /unsupported field "matchLabel"/, property: ['selector', 'matchLabel'] } },
    ]);
    await tester.runComponent(kind('replicationcontroller').type, [
      { properties: { replicas: 1 }, error: { message: 'component "web" (type "replicationcontroller"): "template" is required' } },
      { properties: { selector: { tier: 1 }, template }, error: { message: /expected a string, got a number/, property: ['selector', 'tier'] } },
    ]);
  });
});

describe('podtemplate', () => {
  it('stores the template at the top level, with the component label and no app label', async () => {
    const [object] = (await render('podtemplate', { template: { spec: { containers: [container] } } }, 'batch'));
    expect(object).toEqual({
      apiVersion: 'v1',
      kind: 'PodTemplate',
      metadata: meta('batch', 'shop'),
      template: { metadata: { labels: { 'launcher.gokure.dev/component': 'batch' } }, spec: { containers: [{ ...container, resources: {} }] } },
    });
  });

  it('requires the template and refuses unknown fields in it', async () => {
    await tester.runComponent(kind('podtemplate').type, [
      { properties: {}, error: { message: 'component "web" (type "podtemplate"): "template" is required' } },
      { properties: { template: { spec: { containers: [container] }, status: {} } }, error: { property: ['template', 'status'] } },
    ]);
  });
});
