import type { K8sObject } from '../../plugin-api/index.js';
import type { IntentAnnotations } from './layout-files.js';
import type { BundleDelivery, FluxLayoutOptions, PlannedKustomization } from './model.js';

/** The annotation and value through which Flux's kustomize-controller honours each delivery intent. */
export const FLUX_INTENT_ANNOTATIONS: IntentAnnotations = {
  'prune-protection': { key: 'kustomize.toolkit.fluxcd.io/prune', value: 'disabled' },
  'force-replace': { key: 'kustomize.toolkit.fluxcd.io/force', value: 'enabled' },
};

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
