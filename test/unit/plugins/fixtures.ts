import type { K8sObject } from 'kurel/plugin-api';

// Expected objects shared by the plugin tests, as the CLI emits them: the reference's shapes, with
// the component label the engine puts on every object and pod template of a component.

export const COMPONENT_LABEL = 'launcher.gokure.dev/component';

/** The image of the components the trait tests attach their traits to. */
export const IMAGE = 'ghcr.io/example/app:v1.0.0';

/** A deployment component as an author writes it, which renders `deploymentObject(name)`. */
export function deploymentComponent(name: string, properties: Record<string, unknown> = {}) {
  return { name, type: 'deployment', properties: { image: IMAGE, ...properties } };
}

export const DEFAULT_RESOURCES = { limits: { memory: '128Mi' }, requests: { cpu: '100m', memory: '128Mi' } };

/** Metadata of an object a trait of component `component` adds: the component label, no app label. */
export function traitMeta(name: string, component: string, namespace = 'default') {
  return { name, namespace, labels: { [COMPONENT_LABEL]: component } };
}

/** Metadata of an object of component `app`. */
export function meta(name: string, app = name, namespace = 'default') {
  return { name, namespace, labels: { app, [COMPONENT_LABEL]: app } };
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
        metadata: { labels: { app: name, [COMPONENT_LABEL]: name } },
        spec: { containers: [{ name, image: IMAGE, resources: DEFAULT_RESOURCES, ...options.container }], ...options.pod },
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

/** An object as an author writes it: without the component label the engine adds to it and its pod template. */
export function authored(object: K8sObject): K8sObject {
  const copy = structuredClone(object);
  const places = [copy.metadata, (copy.spec as { template?: { metadata?: K8sObject['metadata'] } } | undefined)?.template?.metadata];
  for (const metadata of places) delete metadata?.labels?.[COMPONENT_LABEL];
  return copy;
}

/** A component carrying this object as written (a `passthrough`), so a trait meets an object no component type renders. */
export function carrying(name: string, object: K8sObject) {
  return { name, type: 'passthrough', properties: { object: authored(object) } };
}
