import type { PropertiesSchema, PropertySchema } from 'kurel/plugin-api';

// The kinds whose Go printing is still written into their own content functions: every list and
// map keeps what was authored, so that defineKind's encoding leaves their content as it was.

export function keepAuthoredEmpties(properties: PropertiesSchema): PropertiesSchema {
  const seen = new Map<PropertySchema, PropertySchema>();
  const visit = (schema: PropertySchema): PropertySchema => {
    const known = seen.get(schema);
    if (known) return known;
    const out: PropertySchema = { ...schema, go: { ...schema.go, keepEmpty: true } };
    seen.set(schema, out);
    if (schema.items) out.items = visit(schema.items);
    if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, member]) => [key, visit(member)]));
    if (typeof schema.additionalProperties === 'object') out.additionalProperties = visit(schema.additionalProperties);
    return out;
  };
  return Object.fromEntries(Object.entries(properties).map(([key, member]) => [key, visit(member)]));
}
