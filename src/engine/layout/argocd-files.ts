import type { K8sObject } from '../../plugin-api/index.js';
import type { IntentAnnotations } from './layout-files.js';
import type { ArgoDestination, ArgoSettings, BundleDelivery, PlannedApplication } from './model.js';

/**
 * The sync options through which Argo CD honours each delivery intent on an object. `Prune=false`
 * keeps the object when it leaves the tree, as Flux's `prune: disabled` does. `Force=true,Replace=true`
 * deletes and recreates the object where it changed: Flux recreates only when an in-place patch
 * fails on an immutable field, Argo CD has no such half-way, so it recreates on every change.
 */
export const ARGO_INTENT_ANNOTATIONS: IntentAnnotations = {
  'prune-protection': { key: 'argocd.argoproj.io/sync-options', value: 'Prune=false', list: true },
  'force-replace': { key: 'argocd.argoproj.io/sync-options', value: 'Force=true,Replace=true', list: true },
};

export const SYNC_WAVE_ANNOTATION = 'argocd.argoproj.io/sync-wave';
/** Argo CD's name for the cluster it runs in. */
export const IN_CLUSTER: ArgoDestination = { server: 'https://kubernetes.default.svc' };

/**
 * `spec.syncPolicy`: automated unless the bundle's delivery is suspended, pruning only where the
 * delivery or the config says so. Flux retries a failed reconciliation every `retryInterval`
 * without end: Argo CD's retry with no limit (`-1`) and a constant backoff (factor 1, the interval
 * as both its first and its longest wait) does the same to a failed sync.
 */
export function syncPolicy(settings: ArgoSettings, delivery: BundleDelivery = {}): Record<string, unknown> {
  const policy: Record<string, unknown> = {};
  if (delivery.suspend !== true) policy.automated = { prune: delivery.prune ?? settings.prune ?? false, selfHeal: settings.selfHeal ?? true };
  if (delivery.retryInterval !== undefined) {
    policy.retry = { limit: -1, backoff: { duration: delivery.retryInterval, factor: 1, maxDuration: delivery.retryInterval } };
  }
  return policy;
}

/** One bundle's Application: the folder it applies, read from the repository, deployed to the environment's cluster. */
export function argoApplication(
  planned: Omit<PlannedApplication, 'file'>,
  settings: ArgoSettings,
  destination: ArgoDestination,
  destinationNamespace: string,
  delivery: BundleDelivery | undefined,
): K8sObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: planned.name, namespace: settings.namespace ?? 'argocd', annotations: { [SYNC_WAVE_ANNOTATION]: String(planned.syncWave) } },
    spec: {
      project: settings.project ?? 'default',
      source: { repoURL: settings.repoURL, targetRevision: settings.targetRevision ?? 'HEAD', path: planned.sourcePath },
      destination: { ...destination, namespace: destinationNamespace },
      syncPolicy: syncPolicy(settings, delivery),
    },
  };
}
