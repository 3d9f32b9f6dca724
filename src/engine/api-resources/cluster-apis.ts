import type { ApiScope, ClusterApis, Negotiated } from '../../plugin-api/index.js';
import type { ParsedProfile } from '../documents/profile.js';
import type { SealedRegistry } from '../registry.js';
import { apiVersionOf, groupLabel, groupOf, groupsServing, servedApiVersions, versionOf, type ServedApis, type ServedGroup } from '../documents/served.js';

interface PinnedKind {
  apiVersion: string;
  scope: ApiScope;
}

// Groups named like the API server's own (`*.k8s.io`) whose kinds are custom resources, installed
// with CRDs: their kinds are served only where a cluster says so.
const CRD_GROUPS_UNDER_K8S_IO = new Set(['gateway.networking.k8s.io', 'snapshot.storage.k8s.io', 'policy.networking.k8s.io', 'multicluster.x-k8s.io']);

/** Whether the Kubernetes API server itself serves the group: the core group, an unsuffixed one (`apps`), or a `*.k8s.io` one not installed by CRDs. */
export function isKubernetesGroup(group: string): boolean {
  if (group === '' || !group.includes('.')) return true;
  return group.endsWith('.k8s.io') && !group.endsWith('.x-k8s.io') && !CRD_GROUPS_UNDER_K8S_IO.has(group);
}

const isStable = (version: string) => /^v\d+$/.test(version);

/** The kinds the registered component types declare, by kind: the apiVersions kurel pins for them. */
function pinnedKinds(registry: SealedRegistry): Map<string, PinnedKind[]> {
  const pinned = new Map<string, PinnedKind[]>();
  for (const type of registry.componentTypes()) {
    const object = registry.component(type)?.value.object;
    if (!object) continue;
    const entries = pinned.get(object.kind) ?? [];
    if (!entries.some((entry) => entry.apiVersion === object.apiVersion)) entries.push({ apiVersion: object.apiVersion, scope: object.scope === 'cluster' ? 'Cluster' : 'Namespaced' });
    pinned.set(object.kind, entries);
  }
  return pinned;
}

const listed = (apiVersions: string[]) => apiVersions.map((apiVersion) => `"${apiVersion}"`).join(', ');

/**
 * The cluster a build targets: the profile's served APIs over the kinds the sealed registry pins.
 * Negotiation: a stable built-in kind takes the cluster's preferred version, else its pinned one;
 * a custom resource kind takes the preferred version the cluster serves it at, and with no
 * declared APIs nothing (fail closed). A kind the cluster does not serve keeps its pinned version,
 * for the serving check to refuse by name, or to skip on an optional component.
 */
export function clusterApis(profile: Pick<ParsedProfile, 'served' | 'kubeVersion'>, registry: SealedRegistry): ClusterApis {
  let pinnedCache: Map<string, PinnedKind[]> | undefined;
  const pinned = (kind: string) => (pinnedCache ??= pinnedKinds(registry)).get(kind) ?? [];
  const served = profile.served;
  return {
    declared: served !== undefined,
    ...(profile.kubeVersion === undefined ? {} : { kubeVersion: profile.kubeVersion }),
    apiVersions: () => (served ? servedApiVersions(served) : []),
    scopeOf(apiVersion, kind) {
      const scope = served?.groups.get(groupOf(apiVersion))?.kinds.get(kind)?.scope;
      return scope ?? pinned(kind).find((entry) => groupOf(entry.apiVersion) === groupOf(apiVersion))?.scope;
    },
    negotiate: (kind) => (served ? negotiateServed(kind, pinned(kind), served) : negotiatePinned(kind, pinned(kind))),
  };
}

function negotiateServed(kind: string, pins: PinnedKind[], served: ServedApis): Negotiated {
  const pinnedGroups = new Set(pins.map((pin) => groupOf(pin.apiVersion)));
  const serving = groupsServing(served, kind).filter((group) => pins.length === 0 || pinnedGroups.has(group.group));
  const preferred = (group: ServedGroup) => apiVersionOf(group.group, group.kinds.get(kind)!.version);
  if (serving.length === 1) return { apiVersion: preferred(serving[0]) };
  if (serving.length > 1) {
    const choices = serving.map(preferred);
    return { problem: `kind "${kind}" is served by several groups (${listed(choices)}); set apiVersion to choose one` };
  }
  if (pins.length === 1) return { apiVersion: pins[0].apiVersion };
  if (pins.length > 1) return { problem: `kind "${kind}" is pinned in several groups (${listed(pins.map((pin) => pin.apiVersion))}) and the cluster serves none of them; set apiVersion` };
  return { problem: `kind "${kind}" is neither a kind kurel knows nor one the cluster serves, so its apiVersion cannot be negotiated; set apiVersion, or carry the object as written with a manifests component` };
}

function negotiatePinned(kind: string, pins: PinnedKind[]): Negotiated {
  if (pins.length > 1) return { problem: `kind "${kind}" is pinned in several groups (${listed(pins.map((pin) => pin.apiVersion))}); set apiVersion to choose one` };
  if (pins.length === 0) {
    return { problem: `kind "${kind}" is not a kind kurel knows and the ClusterProfile declares no apiResources, so its apiVersion cannot be negotiated; set apiVersion, or carry the object as written with a manifests component` };
  }
  const [pin] = pins;
  const group = groupOf(pin.apiVersion);
  if (isKubernetesGroup(group) && isStable(versionOf(pin.apiVersion))) return { apiVersion: pin.apiVersion };
  return {
    problem: `kind "${kind}" is a custom resource of ${groupLabel(group)}, which a cluster serves only once its CRD is installed, and the ClusterProfile declares no apiResources to say so; set apiVersion (kurel pins "${pin.apiVersion}"), or declare spec.apiResources (kurel profile import)`,
  };
}
