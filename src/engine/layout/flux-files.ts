import type { K8sObject } from '../../plugin-api/index.js';
import type { IntentAnnotations } from './layout-files.js';
import type { FluxLayoutOptions, PlannedKustomization } from './model.js';

/** The annotation and value through which Flux's kustomize-controller honours each delivery intent. */
export const FLUX_INTENT_ANNOTATIONS: IntentAnnotations = {
  'prune-protection': { key: 'kustomize.toolkit.fluxcd.io/prune', value: 'disabled' },
  'force-replace': { key: 'kustomize.toolkit.fluxcd.io/force', value: 'enabled' },
};

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
