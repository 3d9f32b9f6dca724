import type { ChartCapabilities } from '../engine/index.js';

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
