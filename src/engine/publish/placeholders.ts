import type { JsonSchema } from './json-schema.js';

/**
 * A whole-value package placeholder. A package's app.yaml writes `${name}` where the parameter's
 * value goes, and a whole-value placeholder takes the parameter's type (a number, a list, a
 * mapping), so until the parameters are substituted a string stands where any value may.
 */
export const PLACEHOLDER_SCHEMA: JsonSchema = { type: 'string', pattern: '^\\$\\{[^}]+\\}$', description: 'A package parameter placeholder, `${name}`: the parameter value replaces it.' };

/** Where the application schema keeps the placeholder schema: written once, referred to everywhere. */
export const PLACEHOLDER_DEF = 'package-placeholder';
const PLACEHOLDER: JsonSchema = { $ref: `#/$defs/${PLACEHOLDER_DEF}` };

/**
 * A type's properties schema that also accepts a `${name}` placeholder wherever the value would
 * otherwise have to be other than a free string (a number, boolean, enum member, list or mapping).
 * The top-level mapping itself stays a mapping: the placeholders are inside it.
 */
export function acceptPlaceholders(schema: JsonSchema): JsonSchema {
  return withChildren(schema);
}

function node(schema: JsonSchema): JsonSchema {
  const inner = withChildren(schema);
  if (acceptsAnyString(inner)) return inner;
  const { description, ...rest } = inner;
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, PLACEHOLDER] };
}

function withChildren(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (isRecord(schema.properties)) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, child]) => [key, node(child as JsonSchema)]));
  if (isRecord(schema.items)) out.items = node(schema.items);
  if (isRecord(schema.additionalProperties)) out.additionalProperties = node(schema.additionalProperties);
  if (Array.isArray(schema.anyOf)) out.anyOf = schema.anyOf.map((member: JsonSchema) => withChildren(member));
  return out;
}

/** Whether any string validates: a free string, a union with one, or a schema with no constraint on the value. */
function acceptsAnyString(schema: JsonSchema): boolean {
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some((member: JsonSchema) => acceptsAnyString(member));
  if (schema.enum !== undefined || schema.const !== undefined || schema.pattern !== undefined) return false;
  return schema.type === undefined || schema.type === 'string';
}

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
