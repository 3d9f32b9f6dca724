/** The scope a cluster serves a kind at. */
export type ApiScope = 'Cluster' | 'Namespaced';

/** An apiVersion negotiated for a kind written without one, or why none could be. */
export type Negotiated = { apiVersion: string; problem?: undefined } | { apiVersion?: undefined; problem: string };

/**
 * What the cluster serves, as the ClusterProfile declares it (`spec.apiResources`,
 * `spec.kubeVersion`), together with the kinds the registered plugins pin. A profile that
 * declares nothing leaves `declared` false: every answer then comes from the pinned kinds.
 */
export interface ClusterApis {
  /** Whether the profile lists the API resources the cluster serves. */
  readonly declared: boolean;
  /** The Kubernetes version recorded beside them, as written (`v1.35.0`). */
  readonly kubeVersion?: string;
  /**
   * Every served `group/version` and `group/version/Kind`, sorted: what `helm template
   * --api-versions` takes so that a chart's `.Capabilities` agrees with the build. Empty when
   * nothing is declared.
   */
  apiVersions(): string[];
  /** The scope of a kind: as the cluster serves it, else as a registered kind declares it; undefined when neither knows it. */
  scopeOf(apiVersion: string, kind: string): ApiScope | undefined;
  /**
   * The apiVersion of a kind written without one. A stable built-in kind takes the version the
   * cluster prefers for its group, else the one kurel pins; a custom resource kind takes the
   * preferred version only when the cluster serves it; a kind nobody knows cannot be negotiated.
   */
  negotiate(kind: string): Negotiated;
}
