// The reference decodes a kind's properties into the operator's Go types and encodes them back,
// so its output carries Go's marshalling: a non-pointer struct is written even when empty
// (`affinity: {}`), a non-pointer field without `omitempty` is written with its zero value, and
// an `omitempty` zero value an author wrote (`disabled: false`) is dropped. These helpers apply
// those rules at the paths a kind names: `a.b` walks objects, `a[].b` every element of a list.

type Visit = (parent: Record<string, unknown>, key: string) => void;

function walk(node: unknown, segments: string[], visit: Visit): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  const [head, ...rest] = segments;
  const each = head.endsWith('[]');
  const key = each ? head.slice(0, -2) : head;
  const record = node as Record<string, unknown>;
  if (rest.length === 0 && !each) {
    visit(record, key);
    return;
  }
  const child = record[key];
  if (each) {
    if (!Array.isArray(child)) return;
    for (const element of child) if (rest.length > 0) walk(element, rest, visit);
  } else {
    walk(child, rest, visit);
  }
}

function at(root: Record<string, unknown>, paths: string[], visit: Visit): void {
  for (const path of paths) walk(root, path.split('.'), visit);
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
