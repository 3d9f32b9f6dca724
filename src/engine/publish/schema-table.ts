import type { JsonSchema } from './json-schema.js';

/**
 * The rows of a reference page's property table, read from a JSON Schema: one row per property at
 * every depth (`a.b`, `list[].c`, `map.<name>.d`), with its type, whether it is required and its
 * description. A `null` alternative (written to mean "unset") is left out of the type.
 */
export function schemaRows(schema: JsonSchema, prefix = ''): string[] {
  const object = withoutNull(schema);
  const required = new Set((object.required as string[] | undefined) ?? []);
  const rows: string[] = [];
  for (const [key, child] of Object.entries((object.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    const path = `${prefix}${key}`;
    rows.push(`| \`${path}\` | ${typeName(child)} | ${required.has(key) ? 'yes' : ''} | ${cell(String(child.description ?? ''))} |`);
    rows.push(...nestedRows(withoutNull(child), path));
  }
  return rows;
}

function nestedRows(schema: JsonSchema, path: string): string[] {
  if (schema.properties) return schemaRows(schema, `${path}.`);
  if (isSchema(schema.items) && withoutNull(schema.items).properties) return schemaRows(schema.items, `${path}[].`);
  if (isSchema(schema.additionalProperties)) {
    const value = withoutNull(schema.additionalProperties);
    if (value.properties) return schemaRows(value, `${path}.<name>.`);
    if (isSchema(value.items) && value.items.properties) return schemaRows(value.items, `${path}.<name>[].`);
  }
  return [];
}

function typeName(schema: JsonSchema): string {
  const inner = withoutNull(schema);
  if (inner.const !== undefined) return `\`${JSON.stringify(inner.const)}\``;
  if (Array.isArray(inner.enum)) return inner.enum.map((member) => `\`${String(member)}\``).join(', ');
  if (Array.isArray(inner.anyOf)) return [...new Set(inner.anyOf.map((member: JsonSchema) => typeName(member)))].join(' \\| ');
  if (inner.type === 'array') return isSchema(inner.items) ? `${typeName(inner.items)}[]` : 'array';
  if (inner.type === 'object' && isSchema(inner.additionalProperties) && !inner.properties) return `map of ${typeName(inner.additionalProperties)}`;
  return typeof inner.type === 'string' ? inner.type : 'any';
}

/** The schema without its `null` alternative: `anyOf: [X, {type: null}]` is X. */
function withoutNull(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.anyOf)) return schema;
  const members = (schema.anyOf as JsonSchema[]).filter((member) => member.type !== 'null');
  return members.length === 1 ? { ...members[0], description: schema.description } : { ...schema, anyOf: members };
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
