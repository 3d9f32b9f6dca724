import type { DeliveryIntent, K8sObject } from '../../plugin-api/index.js';
import { writeObject } from '../yaml/index.js';
import type { FluxLayoutOptions, LayoutObject, PlannedKustomization } from './model.js';

/** The annotation and value through which Flux's kustomize-controller honours each delivery intent. */
const DELIVERY_ANNOTATIONS: Record<DeliveryIntent, [string, string]> = {
  'prune-protection': ['kustomize.toolkit.fluxcd.io/prune', 'disabled'],
  'force-replace': ['kustomize.toolkit.fluxcd.io/force', 'enabled'],
};

/** `<namespace>-<kind lowercased>-<name>.yaml`; a cluster-scoped object's namespace part is `cluster`. */
export function objectFileName(object: K8sObject): string {
  return `${object.metadata.namespace || 'cluster'}-${object.kind.toLowerCase()}-${object.metadata.name}.yaml`;
}

/** An object's file: the stdout encoding, with its application's delivery intents as Flux annotations. */
export function objectFileText({ object, delivery }: LayoutObject): string {
  if (delivery.length === 0) return writeObject(object);
  const annotations: Record<string, string> = { ...(object.metadata.annotations ?? {}) };
  for (const intent of delivery) {
    const [key, value] = DELIVERY_ANNOTATIONS[intent];
    annotations[key] = value;
  }
  return writeObject({ ...object, metadata: { ...object.metadata, annotations } });
}

/** A folder's `kustomization.yaml`: the fixed header, then what it lists (`[]` when nothing). */
export function kustomizationFileText(resources: readonly string[]): string {
  const header = 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n';
  if (resources.length === 0) return `${header}resources: []\n`;
  return `${header}resources:\n${resources.map((resource) => `  - ${resource}\n`).join('')}`;
}

/**
 * A generated Flux Kustomization with every delivery field left to Flux's defaults but the three it
 * requires: an interval, a path, and `prune` (false, so nothing is deleted that kurel did not ask for).
 */
export function fluxKustomization(planned: Omit<PlannedKustomization, 'file'>, namespace: string, sourceRef: FluxLayoutOptions['sourceRef']): K8sObject {
  const spec: Record<string, unknown> = {};
  if (planned.dependsOn.length > 0) spec.dependsOn = planned.dependsOn.map((name) => ({ name }));
  if (planned.healthChecks.length > 0) {
    spec.healthChecks = planned.healthChecks.map((name) => ({ apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', name, namespace }));
  }
  spec.interval = '1h0m0s';
  spec.path = planned.path;
  spec.prune = false;
  spec.sourceRef = { kind: sourceRef.kind, name: sourceRef.name, namespace: sourceRef.namespace ?? namespace };
  return { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name: planned.name, namespace }, spec };
}
