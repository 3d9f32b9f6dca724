import type { GoEncoding, PropertiesSchema, PropertySchema } from '../schema.js';

// Edits of a schema an organisation did not write, such as one generated from a CRD: each returns
// a new schema and leaves the one it was given as it was. A path names properties, with `[]` for
// the items of a list (`rules[].filters[]`); a path that does not exist throws, so a typo is found
// the first time the kind is loaded, never silently ignored.

/** A path into a schema: property names, `[]` for the items of a list, `{}` for the values of a map. */
export type SchemaPath = string;

/** The schema at `path` replaced by what `edit` makes of it. */
export function editAt(schema: PropertySchema, path: SchemaPath, edit: (target: PropertySchema) => PropertySchema): PropertySchema {
  const steps = parsePath(path);
  const walk = (node: PropertySchema, index: number): PropertySchema => {
    if (index === steps.length) return edit(node);
    const step = steps[index];
    if (step === '[]') {
      if (!node.items) throw new Error(`schema edit: no list at ${path}`);
      return { ...node, items: walk(node.items, index + 1) };
    }
    if (step === '{}') {
      if (typeof node.additionalProperties !== 'object') throw new Error(`schema edit: no map at ${path}`);
      return { ...node, additionalProperties: walk(node.additionalProperties, index + 1) };
    }
    const child = node.properties?.[step];
    if (!child) throw new Error(`schema edit: no property "${step}" at ${path}`);
    return { ...node, properties: { ...node.properties, [step]: walk(child, index + 1) } };
  };
  return walk(schema, 0);
}

/** Adds (or replaces) properties of the object at `path`. */
export function withProperties(schema: PropertySchema, path: SchemaPath, properties: PropertiesSchema): PropertySchema {
  return editAt(schema, path, (target) => ({ ...target, properties: { ...target.properties, ...properties } }));
}

/** Adds values to the enum at `path`. */
export function withEnumValues(schema: PropertySchema, path: SchemaPath, values: unknown[]): PropertySchema {
  return editAt(schema, path, (target) => ({ ...target, enum: [...(target.enum ?? []), ...values.filter((value) => !target.enum?.includes(value))] }));
}

/** Removes properties of the object at `path`. */
export function withoutProperties(schema: PropertySchema, path: SchemaPath, keys: string[]): PropertySchema {
  return editAt(schema, path, (target) => ({ ...target, properties: Object.fromEntries(Object.entries(target.properties ?? {}).filter(([key]) => !keys.includes(key))) }));
}

/** Makes the property at `path` required. */
export function requiredAt(schema: PropertySchema, path: SchemaPath): PropertySchema {
  return editAt(schema, path, (target) => ({ ...target, required: true }));
}

/** Makes the property at `path` optional. */
export function optionalAt(schema: PropertySchema, path: SchemaPath): PropertySchema {
  return editAt(schema, path, (target) => {
    const { required: _required, ...rest } = target;
    return rest;
  });
}

/** Gives the property at `path` a default. */
export function withDefault(schema: PropertySchema, path: SchemaPath, value: unknown): PropertySchema {
  return editAt(schema, path, (target) => ({ ...target, default: value }));
}

/**
 * Says, field by field, how the upstream Go type writes what the schema describes (see
 * GoEncoding): `{ 'passwordSecret': GO_STRUCT, 'passwordSecret.name': GO_OMIT_ZERO }`. The
 * entries apply in order; an empty path annotates the schema itself.
 */
export function withGo<const S extends PropertySchema>(schema: S, fields: Record<SchemaPath, GoEncoding>): S {
  // Go annotations change how a value is written, not what it is: the schema keeps its type.
  return Object.entries(fields).reduce<PropertySchema>((current, [path, go]) => editAt(current, path, (target) => ({ ...target, go: { ...target.go, ...go } })), schema) as S;
}

/** Applies edits in order. */
export function edited(schema: PropertySchema, ...edits: Array<(schema: PropertySchema) => PropertySchema>): PropertySchema {
  return edits.reduce((current, edit) => edit(current), schema);
}

function parsePath(path: SchemaPath): string[] {
  const steps: string[] = [];
  for (const part of path.split('.')) {
    if (part === '') continue;
    const name = part.replace(/(\[\]|\{\})+$/, '');
    if (name) steps.push(name);
    for (const marker of part.slice(name.length).match(/\[\]|\{\}/g) ?? []) steps.push(marker);
  }
  return steps;
}
