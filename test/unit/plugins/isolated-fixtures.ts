import type { K8sObject } from 'kurel/plugin-api';

// Expected objects for the plugin tests still run on the isolated tester: the handler's own
// output, without what the engine adds. The engine-backed tests use fixtures.ts.

export const DEFAULT_RESOURCES = { limits: { memory: '128Mi' }, requests: { cpu: '100m', memory: '128Mi' } };

export function meta(name: string, app = name, namespace = 'default') {
  return { name, namespace, labels: { app } };
}

export function deploymentObject(
  name: string,
  options: { replicas?: number; container?: Record<string, unknown>; pod?: Record<string, unknown>; spec?: Record<string, unknown> } = {},
): K8sObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(name),
    spec: {
      replicas: options.replicas ?? 1,
      selector: { matchLabels: { app: name } },
      strategy: {},
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name, resources: DEFAULT_RESOURCES, ...options.container }], ...options.pod },
      },
      ...options.spec,
    },
  };
}

export function webServiceObject(name: string, port: number): K8sObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(name),
    spec: { type: 'ClusterIP', selector: { app: name }, ports: [{ name: 'http', port, targetPort: port, protocol: 'TCP' }] },
  };
}

export function serviceAccountObject(name: string, automount = false): K8sObject {
  return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(name), automountServiceAccountToken: automount };
}

export function httpPort(port: number) {
  return [{ containerPort: port, name: 'http', protocol: 'TCP' }];
}
