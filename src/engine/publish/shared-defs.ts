import { createHash } from 'node:crypto';
import type { JsonSchema } from './json-schema.js';

// A schema that repeats a shape (a Pod template in every workload kind, a container in each of
// containers, initContainers and ephemeralContainers) is written once under `$defs` and referred
// to by `$ref` everywhere else. Validators compile a referenced schema once, where an inline copy
// is compiled at every place it appears: this is what keeps the editor schema quick to compile.
// The pass knows JSON Schema's keywords, not kurel's types, so it serves any schema the registry
// publishes, a plugin's included.

/** Keywords whose value is one subschema. */
const ONE = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems']);
/** Keywords whose value is a list of subschemas. */
const LIST = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to subschemas. */
const MAP = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** A shape smaller than this (as JSON text) is left inline: a reference would save too little. */
const MIN_SHARED_SIZE = 160;

interface Shape {
  /** The content hash: equal for equal subschemas, whatever their place. */
  hash: string;
  /** The subschema's size as inline JSON text. */
  size: number;
  /** The subschemas it holds, once per place they appear. */
  children: number[];
  /** A readable word for its `$defs` name: the property it first appears under. */
  hint: string;
  node: JsonSchema;
}

/**
 * The schema with every subschema that would be written at least twice, and is large enough to be
 * worth it, moved to `$defs` under a name taken from its content. The root stays inline, and
 * `#/$defs/…` references already in the schema keep pointing where they did.
 */
export function shareRepeatedShapes(schema: JsonSchema): JsonSchema {
  const shapes: Shape[] = [];
  const byHash = new Map<string, number>();
  // Each node object of the input maps to its shape, for the rewrite to look up.
  const idOf = new Map<JsonSchema, number>();
  const intern = (node: unknown, hint: string): number | undefined => {
    if (!isSchemaObject(node)) return undefined;
    const seen = idOf.get(node);
    if (seen !== undefined) return seen;
    const children: number[] = [];
    const parts: string[] = [];
    let size = 2;
    for (const [key, value] of Object.entries(node)) {
      let written: string;
      if (ONE.has(key) && isSchemaObject(value)) {
        const id = intern(value, key === 'items' ? `${hint}-item` : hint)!;
        children.push(id);
        written = `#${shapes[id].hash}`;
        size += shapes[id].size;
      } else if (LIST.has(key) && Array.isArray(value)) {
        const ids = value.map((member) => intern(member, hint));
        ids.forEach((id) => id !== undefined && children.push(id));
        written = `[${ids.map((id, index) => (id === undefined ? JSON.stringify(value[index]) : `#${shapes[id].hash}`)).join(',')}]`;
        size += ids.reduce((sum: number, id, index) => sum + (id === undefined ? JSON.stringify(value[index]).length : shapes[id].size) + 1, 1);
      } else if (MAP.has(key) && isSchemaObject(value)) {
        const entries = Object.entries(value).map(([name, member]) => [name, intern(member, name), member] as const);
        entries.forEach(([, id]) => id !== undefined && children.push(id));
        written = `{${entries.map(([name, id, member]) => `${JSON.stringify(name)}:${id === undefined ? JSON.stringify(member) : `#${shapes[id].hash}`}`).join(',')}}`;
        size += entries.reduce((sum: number, [name, id, member]) => sum + name.length + 4 + (id === undefined ? JSON.stringify(member).length : shapes[id].size), 1);
      } else {
        written = JSON.stringify(value);
        size += written.length;
      }
      parts.push(`${JSON.stringify(key)}:${written}`);
      size += key.length + 4;
    }
    const hash = createHash('sha256').update(`{${parts.join(',')}}`).digest('hex').slice(0, 10);
    let id = byHash.get(hash);
    if (id === undefined) {
      id = shapes.push({ hash, size, children, hint, node }) - 1;
      byHash.set(hash, id);
    }
    idOf.set(node, id);
    return id;
  };
  const root = intern(schema, 'schema')!;

  // How many times each distinct shape would be written: a parent's count flows to its children,
  // a shared parent being written once. A child is interned before its parent, so walking the
  // shapes from the last down visits every parent before its children.
  const written = new Array<number>(shapes.length).fill(0);
  const shared = new Set<number>();
  written[root] = 1;
  for (let id = shapes.length - 1; id >= 0; id--) {
    if (written[id] === 0) continue;
    if (id !== root && written[id] > 1 && shapes[id].size >= MIN_SHARED_SIZE) shared.add(id);
    const times = shared.has(id) ? 1 : written[id];
    for (const child of shapes[id].children) written[child] += times;
  }
  if (shared.size === 0) return schema;

  const names = new Map<number, string>();
  for (const id of shared) names.set(id, `${defName(shapes[id].hint)}-${shapes[id].hash}`);
  const byContent = (node: unknown): number | undefined => (isSchemaObject(node) ? idOf.get(node) : undefined);

  const rebuild = (node: unknown, inline: boolean): unknown => {
    const id = byContent(node);
    if (id === undefined) return node;
    if (!inline && shared.has(id)) return { $ref: `#/$defs/${names.get(id)}` };
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node as JsonSchema)) {
      if (ONE.has(key)) out[key] = rebuild(value, false);
      else if (LIST.has(key) && Array.isArray(value)) out[key] = value.map((member) => rebuild(member, false));
      else if (MAP.has(key) && isSchemaObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, member]) => [name, rebuild(member, false)]));
      else out[key] = value;
    }
    return out;
  };
  const out = rebuild(schema, true) as JsonSchema;
  const defs: Record<string, unknown> = { ...((out.$defs as Record<string, unknown> | undefined) ?? {}) };
  for (const id of [...shared].sort((a, b) => names.get(a)!.localeCompare(names.get(b)!))) defs[names.get(id)!] = rebuild(shapes[id].node, true);
  return { ...out, $defs: defs };
}

function defName(hint: string): string {
  return hint.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'shape';
}

/** A subschema written as an object (boolean schemas stay as they are). */
function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
