/**
 * The extension key under which a delivery handler (a policy's or a trait's) hands the engine how
 * the bundle is delivered. The key is the contract's, not a plugin's, so that any consumer that
 * delivers (Flux, Argo CD, an organisation's own) fills one shape the layout writers read.
 */
export const BUNDLE_DELIVERY_EXTENSION = 'delivery.kurel.dev/bundle';

/** The delivery settings of one bundle, as the layout writers read them; unset fields are the writer's defaults. */
export interface BundleDelivery {
  /** Go durations, as Go prints them (`1h0m0s`). */
  interval?: string;
  retryInterval?: string;
  timeout?: string;
  prune?: boolean;
  wait?: boolean;
  force?: boolean;
  suspend?: boolean;
  /** Objects whose readiness is awaited, after the ones the writer infers (an umbrella's child bundles). */
  healthChecks?: Array<{ apiVersion: string; kind: string; name: string; namespace?: string }>;
  patches?: Array<{ patch: string; target?: Record<string, unknown> }>;
  postBuild?: { substitute?: Record<string, string>; substituteFrom?: Array<{ kind: string; name: string; optional?: boolean }> };
}
