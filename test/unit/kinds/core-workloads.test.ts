import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { kinds } from '../../../plugins/builtin-kinds/families/core.js';

const kind = (type: string) => kinds.find((k) => k.type === type)!;
const tester = new HandlerTester({ namespace: 'shop' });
const render = (type: string, properties: Record<string, unknown>, name = 'app') => tester.renderComponent(kind(type), name, properties).objects;

const container = { name: 'app', image: 'ghcr.io/example/app:v1.0.0' };

describe('pod', () => {
  it('renders the PodSpec as the reference prints it, with the app label', () => {
    const [pod] = render('pod', {
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
    });
    expect(pod).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'app', namespace: 'shop', labels: { app: 'app' } },
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

  it('refuses an unknown field at any depth, naming its path', () => {
    tester.runComponent(kind('pod'), [
      {
        properties: { containers: [{ ...container, resources: { limitz: {} } }] },
        error: { message: /unsupported field "limitz"/, path: ['containers', 0, 'resources', 'limitz'] },
      },
      { properties: { containers: [{ ...container, ports: [{ containerPort: '80' }] }] }, error: { message: /expected a whole number, got a string/, path: ['containers', 0, 'ports', 0, 'containerPort'] } },
      { properties: { containers: [container], restartPolicy: 'Sometimes' }, error: { message: /must be one of: Always, Never, OnFailure/, path: ['restartPolicy'] } },
      { properties: {}, error: { message: '"containers" is required', path: [] } },
    ]);
  });

  it('refuses ephemeralContainers, priority and overhead', () => {
    tester.runComponent(kind('pod'), [
      { properties: { containers: [container], ephemeralContainers: [{ name: 'debug', image: 'busybox:1' }] }, error: { message: /ephemeral containers/, path: ['ephemeralContainers'] } },
      { properties: { containers: [container], priority: 10 }, error: { message: /priorityClassName/, path: ['priority'] } },
      { properties: { containers: [container], overhead: { cpu: '1' } }, error: { message: /runtimeClassName/, path: ['overhead'] } },
    ]);
  });
});

describe('replicaset and replicationcontroller', () => {
  const template = { metadata: { labels: { tier: 'web' } }, spec: { containers: [container] } };

  it('put the app label on the pod template only', () => {
    const [rs] = render('replicaset', { replicas: 2, selector: { matchLabels: { app: 'app' } }, template }, 'app');
    expect(rs.metadata).toEqual({ name: 'app', namespace: 'shop' });
    expect((rs.spec as any).template.metadata.labels).toEqual({ tier: 'web', app: 'app' });
    expect((rs.spec as any).template.spec.containers[0].resources).toEqual({});
    const [rc] = render('replicationcontroller', { template: { spec: { containers: [container] } } }, 'web');
    expect(rc).toMatchObject({ apiVersion: 'v1', kind: 'ReplicationController', spec: { template: { metadata: { labels: { app: 'web' } } } } });
  });

  it('refuse what the reference refuses', () => {
    tester.runComponent(kind('replicaset'), [
      { title: 'no selector', properties: { template }, error: { message: '"selector" is required' } },
      { title: 'no template', properties: { selector: {} }, error: { message: '"template" is required' } },
      {
        title: 'a deadline',
        properties: { selector: {}, template: { spec: { containers: [container], activeDeadlineSeconds: 60 } } },
        error: { message: /a deadline belongs to a Job/, path: ['template', 'spec', 'activeDeadlineSeconds'] },
      },
      {
        title: 'a foreign app label',
        properties: { selector: {}, template: { metadata: { labels: { app: 'other' } }, spec: { containers: [container] } } },
        error: { path: ['template', 'metadata', 'labels', 'app'] },
      },
      { title: 'unknown nested field', properties: { selector: { matchLabel: {} }, template }, error: { message: /unsupported field "matchLabel"/, path: ['selector', 'matchLabel'] } },
    ]);
    tester.runComponent(kind('replicationcontroller'), [
      { properties: { replicas: 1 }, error: { message: '"template" is required' } },
      { properties: { selector: { tier: 1 }, template }, error: { message: /expected a string, got a number/, path: ['selector', 'tier'] } },
    ]);
  });
});

describe('podtemplate', () => {
  it('stores the template at the top level, with the component label and no app label', () => {
    const [object] = render('podtemplate', { template: { spec: { containers: [container] } } }, 'batch');
    expect(object).toEqual({
      apiVersion: 'v1',
      kind: 'PodTemplate',
      metadata: { name: 'batch', namespace: 'shop' },
      template: { metadata: { labels: { 'launcher.gokure.dev/component': 'batch' } }, spec: { containers: [{ ...container, resources: {} }] } },
    });
  });

  it('requires the template and refuses unknown fields in it', () => {
    tester.runComponent(kind('podtemplate'), [
      { properties: {}, error: { message: '"template" is required' } },
      { properties: { template: { spec: { containers: [container] }, status: {} } }, error: { path: ['template', 'status'] } },
    ]);
  });
});
