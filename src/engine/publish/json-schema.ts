import { type PropertiesSchema, type PropertySchema } from '../../plugin-api/index.js';
import { exclusiveGroups } from '../../plugin-api/kit/index.js';

export type JsonSchema = Record<string, unknown>;

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * A type's properties as a JSON Schema object (draft 2020-12): what an author may write. Types
 * and unions, enums, bounds and patterns, nested objects and arrays, required keys, descriptions
 * and exclusive groups carry over; platform-reserved keys are left out (only a ClusterProfile rendering sets them) and
 * named in the description.
 */
export function propertiesToJsonSchema(properties: PropertiesSchema, description?: string, additionalProperties?: boolean): JsonSchema {
  return objectSchema({ type: 'object', properties, description, ...(additionalProperties ? { additionalProperties: true } : {}) });
}

function toJsonSchema(schema: PropertySchema): JsonSchema {
  if (schema.type === 'object' || schema.properties || (schema.additionalProperties !== undefined && !schema.types)) return objectSchema(schema);
  const out: JsonSchema = {};
  if (schema.description) out.description = schema.description;
  const types = schema.types ?? (schema.type ? [schema.type] : undefined);
  // A union is spelled as anyOf, which strict JSON Schema tooling accepts without options. Bounds
  // and patterns go beside the type they apply to, as strict tooling wants them.
  if (types && types.length === 1) Object.assign(out, { type: types[0] }, boundsOf(schema, types[0]));
  else if (types) out.anyOf = types.map((type) => ({ type, ...boundsOf(schema, type) }));
  if (schema.enum) out.enum = [...schema.enum];
  if (schema.default !== undefined) out.default = schema.default;
  if (schema.items) out.items = toJsonSchema(schema.items);
  if (types?.includes('object') && schema.additionalProperties !== undefined) {
    out.additionalProperties = typeof schema.additionalProperties === 'object' ? toJsonSchema(schema.additionalProperties) : schema.additionalProperties;
  }
  return out;
}

/** The bounds and the pattern a schema states that hold for values of one type. */
function boundsOf(schema: PropertySchema, type: string): JsonSchema {
  const out: JsonSchema = {};
  const keep = (...keys: Array<keyof PropertySchema>) => {
    for (const key of keys) if (schema[key] !== undefined) out[key] = schema[key];
  };
  if (type === 'integer' || type === 'number') keep('minimum', 'maximum');
  if (type === 'string') {
    keep('minLength', 'maxLength');
    // JSON Schema reads a pattern as a Unicode regular expression; one that is none stays checked by kurel alone.
    if (schema.pattern !== undefined && isUnicodePattern(schema.pattern)) out.pattern = schema.pattern;
  }
  if (type === 'array') keep('minItems', 'maxItems');
  return out;
}

function isUnicodePattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function objectSchema(schema: PropertySchema): JsonSchema {
  const declared = Object.entries(schema.properties ?? {});
  const authorable = declared.filter(([, property]) => !property.platformReserved);
  const reserved = declared.filter(([, property]) => property.platformReserved).map(([key]) => key);
  const out: JsonSchema = { type: 'object' };
  const description = [schema.description, reserved.length ? `Platform-reserved (set only by the ClusterProfile rendering): ${reserved.join(', ')}.` : undefined].filter(Boolean).join(' ');
  if (description) out.description = description;
  if (schema.default !== undefined) out.default = schema.default;
  if (authorable.length > 0) out.properties = Object.fromEntries(authorable.map(([key, property]) => [key, toJsonSchema(property)]));
  const required = authorable.filter(([, property]) => property.required).map(([key]) => key);
  if (required.length > 0) out.required = required;
  const extra = schema.additionalProperties ?? false;
  out.additionalProperties = typeof extra === 'object' ? toJsonSchema(extra) : extra;
  const exclusive = exclusiveGroups(schema).map((group) => atMostOne(group.keys)).filter((rule): rule is JsonSchema => rule !== undefined);
  if (exclusive.length === 1) Object.assign(out, exclusive[0]);
  else if (exclusive.length > 1) out.allOf = exclusive;
  return out;
}

/** At most one key of the group: no two of them together. */
function atMostOne(group: readonly string[]): JsonSchema | undefined {
  const pairs: string[][] = [];
  for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) pairs.push([group[i], group[j]]);
  if (pairs.length === 0) return undefined;
  // Each alternative declares the keys it requires, as strict JSON Schema tooling expects.
  return { not: { anyOf: pairs.map((pair) => ({ properties: Object.fromEntries(pair.map((key) => [key, true])), required: pair })) } };
}
