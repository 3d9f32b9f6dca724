import { createHash } from 'node:crypto';

// What a chart's values and release name must satisfy, whether Flux installs the chart (helm) or
// kurel renders it at build time (helmtemplate): one reading for both.

type Tree = Record<string, unknown>;

/** A refusal of secretValues, its text without an owner prefix and never quoting a value. */
export interface ValuesProblem {
  message: string;
  path: string[];
}

/**
 * A key named global below the top level of secretValues (Helm can print its value in a
 * warning), or a path set in both values and secretValues, named by the first in sorted key order.
 */
export function secretValuesProblem(values: Tree | undefined, secretValues: Tree): ValuesProblem | undefined {
  const nested = nestedGlobal(secretValues, []);
  if (nested !== undefined) {
    return { message: `secretValues.${nested.join('.')}: a key named global below the top level is refused, since Helm can print its value in a warning; move it to values`, path: ['secretValues', ...nested] };
  }
  const shared = values === undefined ? undefined : sharedPath(values, secretValues);
  if (shared !== undefined) {
    return { message: `${shared.map((key) => (key === '' ? '""' : key)).join('.')} is set in both values and secretValues; a path may be set in only one of them`, path: ['secretValues', ...shared] };
  }
  return undefined;
}

/** secretValues over values: maps merged key by key (no path is set in both once checked). */
export function mergeValues(values: Tree, secretValues: Tree): Tree {
  const out: Tree = { ...values };
  for (const [key, value] of Object.entries(secretValues)) out[key] = isTree(out[key]) && isTree(value) ? mergeValues(out[key], value) : value;
  return out;
}

/** A Helm release name is at most 53 characters; Flux shortens a longer HelmRelease name to 40 characters and a digest. */
export function fluxReleaseName(name: string): string {
  if (name.length <= 53) return name;
  return `${name.slice(0, 40)}-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

function nestedGlobal(tree: Tree, path: string[]): string[] | undefined {
  for (const key of Object.keys(tree).sort()) {
    if (path.length > 0 && key === 'global') return [...path, key];
    const below = tree[key];
    if (isTree(below)) {
      const found = nestedGlobal(below, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Two maps at one key are compared key by key, since a merge keeps both; anything else there is shared. */
function sharedPath(a: Tree, b: Tree): string[] | undefined {
  for (const key of Object.keys(b).sort()) {
    if (!Object.hasOwn(a, key)) continue;
    const left = a[key];
    const right = b[key];
    if (!isTree(left) || !isTree(right)) return [key];
    const below = sharedPath(left, right);
    if (below) return [key, ...below];
  }
  return undefined;
}

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
