import type { ClusterApis } from '../cluster-apis.js';

/** What a handler sees where no ClusterProfile declares the cluster's APIs and no kind is pinned (outside a build). */
export const UNDECLARED_CLUSTER: ClusterApis = {
  declared: false,
  apiVersions: () => [],
  scopeOf: () => undefined,
  negotiate: (kind) => ({ problem: `kind "${kind}": no apiVersion can be negotiated here (no kind is pinned and the cluster's APIs are not declared)` }),
};
