import type { ChartCapabilities } from '../../engine/index.js';

/**
 * The `helm template` flags that make a chart see the same cluster as the build:
 * `--kube-version` (the `--kube-version` flag's, else the profile's, else the pinned one) and one
 * `--api-versions` per served group/version and group/version/Kind, so that
 * `.Capabilities.APIVersions.Has` agrees with the serving check. Where the profile declares no
 * API resources, helm's own default set stands.
 */
export function helmCapabilityArgs(capabilities: ChartCapabilities, kubeVersion: { flag?: string; pinned?: string } = {}): string[] {
  const version = kubeVersion.flag ?? capabilities.kubeVersion ?? kubeVersion.pinned;
  return [...(version ? ['--kube-version', version] : []), ...capabilities.apiVersions.flatMap((apiVersion) => ['--api-versions', apiVersion])];
}
