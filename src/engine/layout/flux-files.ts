import type { DeliveryIntent, K8sObject } from '../../plugin-api/index.js';
import { writeObject } from '../yaml/index.js';
import type { BundleDelivery, FluxLayoutOptions, LayoutObject, PlannedKustomization } from './model.js';

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

/** What a Kustomization is written with when neither the config nor the bundle sets it. */
export const KUSTOMIZATION_DEFAULTS = { interval: '1h0m0s', prune: false } as const;

/**
 * A generated Flux Kustomization, its fields as kure writes them: dependsOn, the umbrella's
 * healthChecks on its child bundles (dropped when the bundle sets `wait`, which makes Flux wait on
 * everything it applies, kure#1022) then the bundle's own, interval, path, prune (false unless
 * set, so nothing is deleted that kurel did not ask for), sourceRef, then the bundle's delivery
 * settings. The writer sorts keys, which is also Flux's field order.
 */
export function fluxKustomization(
  planned: Omit<PlannedKustomization, 'file'>,
  namespace: string,
  sourceRef: FluxLayoutOptions['sourceRef'],
  delivery: BundleDelivery = {},
): K8sObject {
  const spec: Record<string, unknown> = {};
  if (planned.dependsOn.length > 0) spec.dependsOn = planned.dependsOn.map((name) => ({ name }));
  const umbrella = delivery.wait ? [] : planned.healthChecks.map((name) => ({ apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', name, namespace }));
  const healthChecks = [...umbrella, ...(delivery.healthChecks ?? [])];
  if (healthChecks.length > 0) spec.healthChecks = healthChecks;
  spec.interval = delivery.interval ?? KUSTOMIZATION_DEFAULTS.interval;
  if (delivery.retryInterval !== undefined) spec.retryInterval = delivery.retryInterval;
  if (delivery.timeout !== undefined) spec.timeout = delivery.timeout;
  spec.path = planned.path;
  spec.prune = delivery.prune ?? KUSTOMIZATION_DEFAULTS.prune;
  if (delivery.wait !== undefined) spec.wait = delivery.wait;
  if (delivery.force !== undefined) spec.force = delivery.force;
  if (delivery.suspend !== undefined) spec.suspend = delivery.suspend;
  if (delivery.patches && delivery.patches.length > 0) spec.patches = delivery.patches;
  if (delivery.postBuild) spec.postBuild = delivery.postBuild;
  spec.sourceRef = { kind: sourceRef.kind, name: sourceRef.name, namespace: sourceRef.namespace ?? namespace };
  return { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name: planned.name, namespace }, spec };
}
