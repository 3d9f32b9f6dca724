import type { ClusterApis } from '../../plugin-api/index.js';

/** What a chart's `.Capabilities` should report: the cluster the ClusterProfile describes. */
export interface ChartCapabilities {
  /** `spec.kubeVersion` of the profile, if recorded. */
  kubeVersion?: string;
  /** Every served `group/version` and `group/version/Kind`; empty when the profile declares none. */
  apiVersions: readonly string[];
}

/** The one place a chart renderer reads the profile's cluster from. */
export function chartCapabilities(cluster: ClusterApis): ChartCapabilities {
  return { ...(cluster.kubeVersion === undefined ? {} : { kubeVersion: cluster.kubeVersion }), apiVersions: cluster.apiVersions() };
}
