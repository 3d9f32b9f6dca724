import { EACH, type MetadataHolder } from 'kurel/plugin-api';
import { childOf, isJsonObject } from './json-guards.js';

// The metadata holders several kinds share, as their object declarations list them: where an
// operator or a controller copies labels and annotations onto the pods or objects it creates.
// The reserved metadata keys are read in each, the component label in those that reach pods.

/** A field of labels and annotations a Flux or Flux Operator kind puts on everything it applies; `noPods` where that is no pod. */
export function commonMetadata(noPods = false): MetadataHolder {
  return { path: ['spec', 'commonMetadata'], holder: 'spec.commonMetadata', ...(noPods ? { noPods } : {}) };
}

/** What the Prometheus operator puts on the pods it runs, then on the claims of its storage. */
export function prometheusOperatorHolders(): MetadataHolder[] {
  return [
    { path: ['spec', 'podMetadata'], holder: 'spec.podMetadata' },
    {
      path: ['spec', 'storage', 'volumeClaimTemplate', 'metadata'],
      holder: 'volume claim template',
      noPods: true,
      // The operator uses the first storage arm set: the claim template only without the other two.
      when: (object) => {
        const storage = isJsonObject(object.spec) ? childOf(object.spec, 'storage') : undefined;
        return childOf(storage, 'emptyDir') == null && childOf(storage, 'ephemeral') == null;
      },
    },
  ];
}

/** Each HTTP01 solver of a cert-manager issuer: its pod template, then the Ingress and HTTPRoute it makes. */
export function acmeSolverHolders(): MetadataHolder[] {
  const solver = (...steps: string[]) => ['spec', 'acme', 'solvers', EACH, 'http01', ...steps];
  return [
    { path: solver('ingress', 'podTemplate', 'metadata'), holder: 'solver pod template' },
    { path: solver('gatewayHTTPRoute', 'podTemplate', 'metadata'), holder: 'solver pod template' },
    { path: solver('ingress', 'ingressTemplate', 'metadata'), holder: 'solver ingress template', noPods: true },
    { path: solver('gatewayHTTPRoute', 'labels'), holder: 'solver HTTPRoute', only: 'labels', noPods: true },
  ];
}

/** The labels VolSync puts on the pods of each mover (docs/grounded-choices.md: which movers). */
export function moverPodLabels(...movers: string[]): MetadataHolder[] {
  return movers.map((mover) => ({ path: ['spec', mover, 'moverPodLabels'], holder: 'mover pod', only: 'labels' }));
}

/** The annotations VolSync puts on the Service of each mover that listens. */
export function moverServiceAnnotations(...movers: string[]): MetadataHolder[] {
  return movers.map((mover) => ({ path: ['spec', mover, 'serviceAnnotations'], holder: 'mover service', only: 'annotations', noPods: true }));
}
