import type { PropertySchema } from 'kurel/plugin-api';
import { canonicalQuantity } from 'kurel/plugin-api';

// What a strict decode into the upstream Go type, encoded again, makes of checked properties:
// the reference decodes a strict kind into its typed struct and prints that struct. So a quantity
// comes out canonical, an `omitempty` list or map left empty disappears, and a zero scalar of an
// `omitempty` non-pointer member disappears too. Members without `omitempty` carry their zero value
// as a schema default (the generator's "zero-default" mode), which the engine fills in.

type Json = Record<string, unknown>;

export interface GoFields {
  /** Non-pointer `omitempty` scalars: a zero (0, false) is dropped. Other zero scalars are pointers, kept. */
  omitZero?: ReadonlySet<PropertySchema>;
  /** Lists and maps without `omitempty`: kept when empty. */
  keepEmpty?: ReadonlySet<PropertySchema>;
}

const NONE: ReadonlySet<PropertySchema> = new Set();

/** A quantity member: the generator writes `number | string` only for resource.Quantity. */
export function isQuantitySchema(schema: PropertySchema): boolean {
  return schema.types?.length === 2 && schema.types.includes('number') && schema.types.includes('string');
}

/** The checked value as the reference prints it after its typed round trip. */
export function goJson(value: unknown, schema: PropertySchema | boolean | undefined, fields: GoFields = {}): unknown {
  if (value === null || value === undefined || typeof schema !== 'object') return value;
  if (isQuantitySchema(schema) && (typeof value === 'string' || typeof value === 'number')) return canonicalQuantity(value) ?? value;
  if (Array.isArray(value)) return value.map((element) => goJson(element, schema.items, fields));
  if (typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, raw] of Object.entries(value as Json)) {
    const member = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    const converted = goJson(raw, member, fields);
    if (member && schema.properties?.[key] && omitted(converted, member, fields)) continue;
    out[key] = converted;
  }
  return out;
}

function omitted(value: unknown, member: PropertySchema, fields: GoFields): boolean {
  if (member.default !== undefined) return false;
  if (Array.isArray(value)) return value.length === 0 && !(fields.keepEmpty ?? NONE).has(member);
  if (value === '') return true;
  if (value === 0 || value === false) return (fields.omitZero ?? NONE).has(member);
  const isMap = member.type === 'object' && !member.properties && typeof member.additionalProperties === 'object';
  return isMap && typeof value === 'object' && value !== null && Object.keys(value).length === 0 && !(fields.keepEmpty ?? NONE).has(member);
}
