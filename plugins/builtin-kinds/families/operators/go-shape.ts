import { normaliseGoDuration, normaliseGoTime, type HandlerContext, type PropertyPath } from 'kurel/plugin-api';

// The reference decodes a kind's properties into the operator's Go types and encodes them back,
// so its output carries Go's marshalling: a non-pointer struct is written even when empty
// (`affinity: {}`), a non-pointer field without `omitempty` is written with its zero value, an
// `omitempty` zero value an author wrote (`disabled: false`) is dropped, and a metav1.Duration or
// metav1.Time is written the way Go prints it. These helpers apply those rules at the paths a
// kind names: `a.b` walks objects, `a[].b` every element of a list.

type Visit = (parent: Record<string, unknown>, key: string, path: PropertyPath) => void;

function walk(node: unknown, segments: string[], path: PropertyPath, visit: Visit): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  const [head, ...rest] = segments;
  const each = head.endsWith('[]');
  const key = each ? head.slice(0, -2) : head;
  const record = node as Record<string, unknown>;
  if (rest.length === 0 && !each) {
    visit(record, key, [...path, key]);
    return;
  }
  const child = record[key];
  if (!each) return walk(child, rest, [...path, key], visit);
  if (Array.isArray(child)) child.forEach((element, index) => walk(element, rest, [...path, key, index], visit));
}

function at(root: Record<string, unknown>, paths: string[], visit: Visit): void {
  for (const path of paths) walk(root, path.split('.'), [], visit);
}

/** Writes `{}` where a non-pointer struct is absent; the parent object must exist. */
export function emptyStructs(root: Record<string, unknown>, ...paths: string[]): void {
  at(root, paths, (parent, key) => {
    if (parent[key] === undefined) parent[key] = {};
  });
}

/** Writes a zero value where a field without `omitempty` is absent. */
export function zeroValue(root: Record<string, unknown>, value: unknown, ...paths: string[]): void {
  at(root, paths, (parent, key) => {
    if (parent[key] === undefined) parent[key] = structuredClone(value);
  });
}

/** Drops an `omitempty` field holding Go's zero value (false, 0, ""). */
export function omitZero(root: Record<string, unknown>, ...paths: string[]): void {
  at(root, paths, (parent, key) => {
    const value = parent[key];
    if (value === false || value === 0 || value === '') delete parent[key];
  });
}

const readers = { duration: normaliseGoDuration, time: normaliseGoTime };
const expected = { duration: 'a duration (Go units: 1h, 30m, 90s)', time: 'an RFC 3339 time stamp (2026-01-31T12:00:00Z)' };

/** Refuses, at its path, a metav1.Duration or metav1.Time value Go would not read. */
export function checkGoValues(root: Record<string, unknown>, kind: 'duration' | 'time', ctx: HandlerContext, ...paths: string[]): void {
  at(root, paths, (parent, key, path) => {
    const value = parent[key];
    if (typeof value === 'string' && readers[kind](value) === undefined) ctx.fail(`"${value}" is not ${expected[kind]}`, path);
  });
}

/** Writes metav1.Duration or metav1.Time values back as Go prints them. */
export function normaliseGoValues(root: Record<string, unknown>, kind: 'duration' | 'time', ...paths: string[]): void {
  at(root, paths, (parent, key) => {
    const value = parent[key];
    if (typeof value === 'string') parent[key] = readers[kind](value) ?? value;
  });
}
