import type { PropertiesSchema, PropertySchema } from 'kurel/plugin-api';

// Edits of an upstream schema where the reference accepts what the package's version lacks. Each
// returns a new schema: the generated modules are shared and stay as generated.

/** A path into a schema: property names, with `[]` for the items of a list (`rules[].filters[]`). */
export type SchemaPath = string;

/** The schema at `path` replaced by what `edit` makes of it. */
export function editAt(schema: PropertySchema, path: SchemaPath, edit: (target: PropertySchema) => PropertySchema): PropertySchema {
  const steps = parse(path);
  const walk = (node: PropertySchema, index: number): PropertySchema => {
    if (index === steps.length) return edit(node);
    const step = steps[index];
    if (step === '[]') {
      if (!node.items) throw new Error(`schema edit: no list at ${path}`);
      return { ...node, items: walk(node.items, index + 1) };
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

/** Removes properties of the object at `path` (fields the reference does not take). */
export function withoutProperties(schema: PropertySchema, path: SchemaPath, keys: string[]): PropertySchema {
  return editAt(schema, path, (target) => ({ ...target, properties: Object.fromEntries(Object.entries(target.properties ?? {}).filter(([key]) => !keys.includes(key))) }));
}

/** Makes the property at `path` required. */
export function requiredAt(schema: PropertySchema, path: SchemaPath): PropertySchema {
  return editAt(schema, path, (target) => ({ ...target, required: true }));
}

/** Makes the property at `path` optional. */
export function optional(schema: PropertySchema, path: SchemaPath): PropertySchema {
  return editAt(schema, path, (target) => {
    const { required: _required, ...rest } = target;
    return rest;
  });
}

/** Gives the property at `path` a default the reference fills in. */
export function withDefault(schema: PropertySchema, path: SchemaPath, value: unknown): PropertySchema {
  return editAt(schema, path, (target) => ({ ...target, default: value }));
}

/** Applies edits in order. */
export function edited(schema: PropertySchema, ...edits: Array<(schema: PropertySchema) => PropertySchema>): PropertySchema {
  return edits.reduce((current, edit) => edit(current), schema);
}

function parse(path: SchemaPath): string[] {
  const steps: string[] = [];
  for (const part of path.split('.')) {
    if (part === '') continue;
    const name = part.replace(/(\[\])+$/, '');
    if (name) steps.push(name);
    for (let i = 0; i < (part.length - name.length) / 2; i++) steps.push('[]');
  }
  return steps;
}
