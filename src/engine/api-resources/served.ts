import type { ApiScope } from '../../plugin-api/index.js';

/** One API group as the cluster serves it. */
export interface ServedGroup {
  /** `''` for the core group. */
  group: string;
  /** Every served version of the group (`kubectl api-versions`), in the order written. */
  versions: string[];
  /** The version the cluster prefers (the one `kubectl api-resources` lists). */
  preferredVersion: string;
  /** Its kinds and their scope. */
  kinds: Map<string, ApiScope>;
}

/** What a ClusterProfile says the cluster serves. */
export interface ServedApis {
  groups: Map<string, ServedGroup>;
}

/** The group of an apiVersion: `apps/v1` → `apps`, `v1` → the core group `''`. */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.lastIndexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

export function versionOf(apiVersion: string): string {
  return apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
}

export function apiVersionOf(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

/** A group as a message names it. */
export function groupLabel(group: string): string {
  return group === '' ? 'the core group' : `group ${group}`;
}

/**
 * Whether the cluster serves `kind` at `apiVersion`: the version is one its group serves and the
 * kind is one of the group's. `kubectl api-resources` lists kinds at the preferred version only,
 * so a kind is taken as served at every version of its group.
 */
export function isServed(served: ServedApis, apiVersion: string, kind: string): boolean {
  const group = served.groups.get(groupOf(apiVersion));
  return group !== undefined && group.versions.includes(versionOf(apiVersion)) && group.kinds.has(kind);
}

/** What the cluster serves of the group of `apiVersion`, as an error message says it. */
export function describeServedGroup(served: ServedApis, apiVersion: string): string {
  const group = served.groups.get(groupOf(apiVersion));
  if (!group) return `it serves no ${groupLabel(groupOf(apiVersion))}`;
  const versions = group.versions.map((version) => (version === group.preferredVersion ? `${version} (preferred)` : version)).join(', ');
  const kinds = [...group.kinds.keys()].sort();
  return `it serves ${groupLabel(group.group)} at ${versions}, with kinds ${kinds.join(', ') || '(none)'}`;
}

/** The groups serving a kind, in group order. */
export function groupsServing(served: ServedApis, kind: string): ServedGroup[] {
  return [...served.groups.values()].filter((group) => group.kinds.has(kind)).sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
}

/** Every served `group/version` and `group/version/Kind`, sorted (Helm's `--api-versions` form). */
export function servedApiVersions(served: ServedApis): string[] {
  const out = new Set<string>();
  for (const group of served.groups.values()) {
    for (const version of group.versions) {
      const apiVersion = apiVersionOf(group.group, version);
      out.add(apiVersion);
      for (const kind of group.kinds.keys()) out.add(`${apiVersion}/${kind}`);
    }
  }
  return [...out].sort();
}
