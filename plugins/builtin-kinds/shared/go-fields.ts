import { canonicalQuantity, normaliseGoDuration, type HandlerContext, type PropertyPath, type PropertySchema, type SchemaType } from 'kurel/plugin-api';

// An upstream Go spec type as data: each field's property schema, and how the reference prints the
// field once its properties are decoded into the typed struct and marshalled back (encoding/json):
// an `omitempty` scalar at its zero value is dropped, a pointer is kept whatever it holds, a field
// without `omitempty` is always printed (its zero value when absent, `null` for a nil list or map),
// and a struct held by value is always printed, as `{}` at the least.

/** What a field prints when it is not printed at all. */
export const OMIT: unique symbol = Symbol('omit');
export type Printed = unknown;

export interface GoField {
  readonly schema: PropertySchema;
  /** What a field of this type prints holding `value` (undefined when absent), or OMIT. */
  field(value: unknown, at: PropertyPath, ctx: HandlerContext): Printed;
  /** What a list element or map value of this type prints. */
  element(value: unknown, at: PropertyPath, ctx: HandlerContext): Printed;
}

export type Fields = Record<string, GoField>;

/** `omitempty` on a value (zero dropped), a pointer (kept when set), or no `omitempty` (always printed). */
export type ScalarEmit = 'omitempty' | 'pointer' | 'always';

interface Common {
  required?: boolean;
}

export interface ScalarOptions extends Common {
  emit?: ScalarEmit;
  enum?: unknown[];
}

type Normalise = (value: unknown, at: PropertyPath, ctx: HandlerContext) => unknown;

function schemaOf(base: PropertySchema, options: Common & { enum?: unknown[] }): PropertySchema {
  const schema: PropertySchema = { ...base };
  if (options.required) schema.required = true;
  if (options.enum) schema.enum = options.enum;
  return schema;
}

function scalar(base: PropertySchema, zero: unknown, emit: ScalarEmit, options: ScalarOptions, normalise: Normalise = (v) => v): GoField {
  return {
    schema: schemaOf(base, options),
    element: normalise,
    field(value, at, ctx) {
      if (value === undefined) return emit === 'always' ? zero : OMIT;
      if (emit === 'omitempty' && value === zero) return OMIT;
      return normalise(value, at, ctx);
    },
  };
}

const typed = (type: SchemaType, description: string): PropertySchema => ({ type, description });

export const str = (description: string, options: ScalarOptions = {}): GoField => scalar(typed('string', description), '', options.emit ?? 'omitempty', options);
export const int = (description: string, options: ScalarOptions = {}): GoField => scalar(typed('integer', description), 0, options.emit ?? 'omitempty', options);
export const bool = (description: string, options: ScalarOptions = {}): GoField => scalar(typed('boolean', description), false, options.emit ?? 'omitempty', options);

export interface DurationOptions extends Common {
  pointer?: boolean;
  /** False where the CRD's pattern allows no hours (`ms|s|m`): 90m prints as `90m0s`, not `1h30m0s`. */
  hours?: boolean;
}

/** A metav1.Duration: a struct, so printed as `0s` when held by value and absent. */
export function duration(description: string, options: DurationOptions = {}): GoField {
  const normalise: Normalise = (value, at, ctx) => {
    const printed = normaliseGoDuration(value as string) ?? ctx.fail(`${pathText(at)}: "${String(value)}" is not a duration (such as 90s, 10m or 1h30m)`, at);
    return options.hours === false ? foldHours(printed) : printed;
  };
  const units = options.hours === false ? 'such as 30s or 5m; no hours' : 'such as 30s, 10m or 1h';
  return scalar(typed('string', `${description} A Go duration (${units}).`), '0s', options.pointer ? 'pointer' : 'always', options, normalise);
}

function foldHours(printed: string): string {
  const match = /^(-?)(\d+)h(\d+)m(.*)$/.exec(printed);
  return match ? `${match[1]}${Number(match[2]) * 60 + Number(match[3])}m${match[4]}` : printed;
}

/** A resource.Quantity, printed in its canonical form (`1024Mi` as `1Gi`). Held by pointer unless said. */
export function quantity(description: string, options: Common & { emit?: ScalarEmit } = {}): GoField {
  const normalise: Normalise = (value, at, ctx) =>
    canonicalQuantity(value as string | number) ?? ctx.fail(`${pathText(at)}: "${String(value)}" is not a quantity (such as 1Gi, 500m or 10)`, at);
  return scalar({ types: ['string', 'number'], description: `${description} A quantity (such as 1Gi or 500m).` }, '0', options.emit ?? 'pointer', options, normalise);
}

/** An intstr.IntOrString, held by pointer. */
export const intOrString = (description: string, options: Common = {}): GoField =>
  scalar({ types: ['integer', 'string'], description }, undefined, 'pointer', options);

export interface StructOptions extends Common {
  /** `value`: a struct held by value, printed (as `{}` at the least) even when absent. */
  emit?: 'pointer' | 'value';
  exclusive?: string[][];
}

export function struct(description: string, fields: Fields, options: StructOptions = {}): GoField {
  const schema: PropertySchema = { type: 'object', description, properties: Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.schema])) };
  if (options.required) schema.required = true;
  if (options.exclusive) schema.exclusive = options.exclusive;
  const print = (value: unknown, at: PropertyPath, ctx: HandlerContext) => printFields(fields, (value ?? {}) as Record<string, unknown>, at, ctx);
  return {
    schema,
    element: print,
    field: (value, at, ctx) => (value === undefined && options.emit !== 'value' ? OMIT : print(value, at, ctx)),
  };
}

export interface CollectionOptions extends Common {
  /** `always`: no `omitempty`, so an absent list or map prints `null` and an empty one `[]`/`{}`. */
  emit?: 'omitempty' | 'always';
}

function collection(schema: PropertySchema, options: CollectionOptions, size: (value: unknown) => number, print: Normalise): GoField {
  return {
    schema: options.required ? { ...schema, required: true } : schema,
    element: print,
    field(value, at, ctx) {
      if (value === undefined) return options.emit === 'always' ? null : OMIT;
      if (size(value) === 0 && options.emit !== 'always') return OMIT;
      return print(value, at, ctx);
    },
  };
}

export function list(description: string, item: GoField, options: CollectionOptions = {}): GoField {
  return collection({ type: 'array', description, items: item.schema }, options, (value) => (value as unknown[]).length, (value, at, ctx) =>
    (value as unknown[]).map((element, index) => item.element(element, [...at, index], ctx)),
  );
}

export function map(description: string, entry: GoField, options: CollectionOptions = {}): GoField {
  return collection({ type: 'object', description, additionalProperties: entry.schema }, options, (value) => Object.keys(value as object).length, (value, at, ctx) =>
    Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, element]) => [key, entry.element(element, [...at, key], ctx)])),
  );
}

/** A map[string]string. */
export const stringMap = (description: string, options: CollectionOptions = {}): GoField => map(description, str('A value.'), options);

/** A list of strings ([]string). */
export const strings = (description: string, options: CollectionOptions = {}): GoField => list(description, str('An entry.'), options);

/** Free-form JSON (apiextensionsv1.JSON and the like): any keys, kept as written. */
export function json(description: string, options: Common = {}): GoField {
  const schema: PropertySchema = { type: 'object', description: `${description} Free-form: any keys are kept as written.`, additionalProperties: true };
  if (options.required) schema.required = true;
  const copy = (value: unknown) => structuredClone(value);
  return { schema, element: copy, field: (value) => (value === undefined ? OMIT : copy(value)) };
}

/** The property schemas of a spec's fields: what an author writes. */
export function propertiesOf(fields: Fields): Record<string, PropertySchema> {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.schema]));
}

/**
 * Prints decoded properties as the typed struct of these fields marshals them. A key the fields do
 * not declare got past a schema generated from the upstream CRD: it is printed as written.
 */
export function printFields(fields: Fields, value: Record<string, unknown>, at: PropertyPath, ctx: HandlerContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const printed = field.field(value[key], [...at, key], ctx);
    if (printed !== OMIT) out[key] = printed;
  }
  for (const [key, written] of Object.entries(value)) if (!(key in fields) && written !== undefined) out[key] = structuredClone(written);
  return out;
}

export function pathText(at: PropertyPath): string {
  return at.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}
