import type { ApiScope } from '../../plugin-api/index.js';

/** A kind of a served group: its scope and the most preferred version serving it. */
export interface ServedKind {
  scope: ApiScope;
  version: string;
}

/** One API group as the cluster serves it. */
export interface ServedGroup {
  /** `''` for the core group. */
  group: string;
  /** Every served version of the group (`kubectl api-versions`), most preferred first. */
  versions: string[];
  /** The version the cluster prefers for the group. */
  preferredVersion: string;
  /** Its kinds. */
  kinds: Map<string, ServedKind>;
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
 * Whether the cluster serves `kind` at `apiVersion`. `kubectl api-resources` lists a kind at the
 * most preferred version serving it, so no version preferred before that one serves it; the
 * group's less preferred versions are taken to serve it too (they are not listed per kind).
 */
export function isServed(served: ServedApis, apiVersion: string, kind: string): boolean {
  const group = served.groups.get(groupOf(apiVersion));
  const entry = group?.kinds.get(kind);
  if (!group || !entry) return false;
  const at = group.versions.indexOf(versionOf(apiVersion));
  return at >= 0 && at >= group.versions.indexOf(entry.version);
}

/** What the cluster serves of the group of `apiVersion`, as an error message says it. */
export function describeServedGroup(served: ServedApis, apiVersion: string): string {
  const group = served.groups.get(groupOf(apiVersion));
  if (!group) return `it serves no ${groupLabel(groupOf(apiVersion))}`;
  const versions = group.versions.map((version) => (version === group.preferredVersion ? `${version} (preferred)` : version)).join(', ');
  const kinds = [...group.kinds.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([kind, entry]) => (entry.version === group.preferredVersion ? kind : `${kind} (from ${entry.version})`));
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
      for (const kind of group.kinds.keys()) if (isServed(served, apiVersion, kind)) out.add(`${apiVersion}/${kind}`);
    }
  }
  return [...out].sort();
}
