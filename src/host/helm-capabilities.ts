/** What a chart's `.Capabilities` should report: the cluster the ClusterProfile describes. */
export interface ChartCapabilities {
  /** `spec.kubeVersion` of the profile, if recorded. */
  kubeVersion?: string;
  /** Every served `group/version` and `group/version/Kind` (`ctx.cluster.apiVersions()`); empty when the profile declares none. */
  apiVersions: readonly string[];
}

/**
 * The `helm template` flags that make a chart see the same cluster as the build:
 * `--kube-version` (an explicit one, else the profile's) and one `--api-versions` per served
 * group/version and group/version/Kind, so that `.Capabilities.APIVersions.Has` agrees with the
 * serving check. No flag where the profile says nothing: helm's defaults then stand.
 */
export function helmCapabilityArgs(capabilities: ChartCapabilities, explicitKubeVersion?: string): string[] {
  const kubeVersion = explicitKubeVersion ?? capabilities.kubeVersion;
  return [...(kubeVersion ? ['--kube-version', kubeVersion] : []), ...capabilities.apiVersions.flatMap((apiVersion) => ['--api-versions', apiVersion])];
}
