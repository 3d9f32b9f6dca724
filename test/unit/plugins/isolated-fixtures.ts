import type { K8sObject } from 'kurel/plugin-api';
import * as asEmitted from './fixtures.js';

// Expected objects for the plugin tests still run on the isolated tester: the handler's own
// output, which is fixtures.ts's objects without what the engine adds (the component label on
// the object and its pod template) and without the image the engine-backed tests write.

export { DEFAULT_RESOURCES, httpPort } from './fixtures.js';

export function meta(name: string, app = name, namespace = 'default') {
  return { name, namespace, labels: { app } };
}

function withoutComponentLabel(object: K8sObject): K8sObject {
  const labelled = [object.metadata, (object.spec as { template?: { metadata?: K8sObject['metadata'] } } | undefined)?.template?.metadata];
  for (const metadata of labelled) delete metadata?.labels?.[asEmitted.COMPONENT_LABEL];
  return object;
}

export function deploymentObject(name: string, options: Parameters<typeof asEmitted.deploymentObject>[1] = {}): K8sObject {
  const object = withoutComponentLabel(asEmitted.deploymentObject(name, options));
  if (options.container?.image === undefined) {
    const [container] = (object.spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template.spec.containers;
    delete container.image;
  }
  return object;
}

export function webServiceObject(name: string, port: number): K8sObject {
  return withoutComponentLabel(asEmitted.webServiceObject(name, port));
}

export function serviceAccountObject(name: string, automount = false): K8sObject {
  return withoutComponentLabel(asEmitted.serviceAccountObject(name, automount));
}
