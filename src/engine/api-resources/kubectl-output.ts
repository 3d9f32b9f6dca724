import { kurelErrors, type ApiScope } from '../../plugin-api/index.js';
import type { InputFile } from '../yaml/index.js';
import { groupLabel, groupOf, versionOf, type ServedApis, type ServedGroup, type ServedKind } from '../documents/served.js';

const COLUMNS = ['NAME', 'APIVERSION', 'NAMESPACED', 'KIND'] as const;
const API_VERSION = /^([a-z0-9][a-z0-9.-]*\/)?v\d+((alpha|beta)\d+)?$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;

interface Row {
  apiVersion: string;
  kind: string;
  scope: ApiScope;
  line: number;
}

const failAt = (file: string, line: number, column: number, message: string): never => {
  throw kurelErrors.input(message, { file, line, column });
};

/**
 * The rows of `kubectl api-resources` (plain or `-o wide`): its columns start where their
 * headings do (kubectl aligns them), and SHORTNAMES may be empty, so cells are cut at the
 * heading offsets rather than split on spaces.
 */
function readApiResourceRows({ file, text }: InputFile): Row[] {
  const lines = text.split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  if (headerIndex < 0) failAt(file, 1, 1, 'no kubectl api-resources output: expected a NAME … APIVERSION NAMESPACED KIND heading');
  const header = lines[headerIndex];
  const starts = [...header.matchAll(/\S+/g)].map((match) => ({ heading: match[0], at: match.index ?? 0 }));
  for (const column of COLUMNS) {
    if (!starts.some((start) => start.heading === column)) failAt(file, headerIndex + 1, 1, `the heading has no ${column} column: is this the output of kubectl api-resources?`);
  }
  const cell = (line: string, heading: string) => {
    const index = starts.findIndex((start) => start.heading === heading);
    const end = index + 1 < starts.length ? starts[index + 1].at : line.length;
    return { value: line.slice(starts[index].at, end).trim(), column: starts[index].at + 1 };
  };
  const rows: Row[] = [];
  lines.forEach((line, index) => {
    if (index <= headerIndex || line.trim() === '') return;
    const number = index + 1;
    const apiVersion = cell(line, 'APIVERSION');
    if (!API_VERSION.test(apiVersion.value)) failAt(file, number, apiVersion.column, `"${apiVersion.value}" is not an apiVersion; the columns must line up with the heading`);
    const namespaced = cell(line, 'NAMESPACED');
    if (namespaced.value !== 'true' && namespaced.value !== 'false') failAt(file, number, namespaced.column, `NAMESPACED is "${namespaced.value}", not true or false`);
    const kind = cell(line, 'KIND');
    if (!KIND.test(kind.value)) failAt(file, number, kind.column, `"${kind.value}" is not a kind`);
    rows.push({ apiVersion: apiVersion.value, kind: kind.value, scope: namespaced.value === 'true' ? 'Namespaced' : 'Cluster', line: number });
  });
  return rows;
}

/** The lines of `kubectl api-versions`: one `group/version` (or `v1`) each. */
function readApiVersions({ file, text }: InputFile): string[] {
  const out: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    if (!API_VERSION.test(line)) failAt(file, index + 1, 1, `"${line}" is not an apiVersion: is this the output of kubectl api-versions?`);
    out.push(line);
  });
  return out;
}

/** Kubernetes' version priority: GA before beta before alpha, higher numbers first. */
export function compareVersionPriority(a: string, b: string): number {
  const rank = (version: string): [number, number, number] => {
    const match = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(version);
    if (!match) return [3, 0, 0];
    const level = match[2] === undefined ? 0 : match[2] === 'beta' ? 1 : 2;
    return [level, -Number(match[1]), -Number(match[3] ?? 0)];
  };
  const [x, y] = [rank(a), rank(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/**
 * What the cluster serves, from the two outputs: `api-resources` gives each kind, its scope and
 * the most preferred version serving it; `api-versions` (when given) every other served version.
 * A group's preferred version is the highest-priority one `api-resources` lists it at (or, for a
 * group only `api-versions` names, which has no kinds, its highest-priority version).
 */
export function servedFromKubectl(apiResources: InputFile, apiVersions?: InputFile): ServedApis {
  const groups = new Map<string, ServedGroup>();
  const group = (name: string) => groups.get(name) ?? groups.set(name, { group: name, versions: [], preferredVersion: '', kinds: new Map<string, ServedKind>() }).get(name)!;
  for (const row of readApiResourceRows(apiResources)) {
    const entry = group(groupOf(row.apiVersion));
    const version = versionOf(row.apiVersion);
    if (entry.kinds.has(row.kind)) failAt(apiResources.file, row.line, 1, `${row.kind} of ${groupLabel(entry.group)} is listed twice`);
    entry.kinds.set(row.kind, { scope: row.scope, version });
    if (!entry.versions.includes(version)) entry.versions.push(version);
  }
  for (const apiVersion of apiVersions ? readApiVersions(apiVersions) : []) {
    const entry = group(groupOf(apiVersion));
    if (!entry.versions.includes(versionOf(apiVersion))) entry.versions.push(versionOf(apiVersion));
  }
  for (const entry of groups.values()) {
    const listed = [...entry.kinds.values()].map((kind) => kind.version).sort(compareVersionPriority);
    entry.preferredVersion = listed[0] ?? [...entry.versions].sort(compareVersionPriority)[0];
    entry.versions = [entry.preferredVersion, ...entry.versions.filter((version) => version !== entry.preferredVersion).sort(compareVersionPriority)];
  }
  return { groups: new Map([...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

/** `spec.apiResources` as a ClusterProfile holds it. */
export function apiResourcesSpec(served: ServedApis): Array<Record<string, unknown>> {
  return [...served.groups.values()].map((group) => ({
    group: group.group,
    versions: [...group.versions],
    preferredVersion: group.preferredVersion,
    kinds: [...group.kinds.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([kind, entry]) => ({ kind, scope: entry.scope, ...(entry.version === group.preferredVersion ? {} : { version: entry.version }) })),
  }));
}
