import { describe, expect, it } from 'vitest';
import type { PropertySchema } from 'kurel/plugin-api';
import { kinds } from '../../../plugins/builtin-kinds/families/operators.js';

/** Paths of schema nodes that carry no description. */
function undescribed(schema: PropertySchema, path: string): string[] {
  const missing = schema.description ? [] : [path];
  for (const [key, child] of Object.entries(schema.properties ?? {})) missing.push(...undescribed(child, `${path}.${key}`));
  if (schema.items) missing.push(...undescribed(schema.items, `${path}[]`));
  if (typeof schema.additionalProperties === 'object') missing.push(...undescribed(schema.additionalProperties, `${path}.*`));
  return missing;
}

describe('operator kind table', () => {
  it('holds the CloudNativePG, Cilium and External Secrets kinds, each type once', () => {
    const types = kinds.map((kind) => kind.type);
    expect(types).toHaveLength(26);
    expect(new Set(types).size).toBe(26);
  });

  it('describes every property, at every depth', () => {
    for (const kind of kinds) expect(Object.entries(kind.properties).flatMap(([key, schema]) => undescribed(schema, key)), kind.type).toEqual([]);
  });
});
