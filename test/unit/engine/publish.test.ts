import { describe, expect, it } from 'vitest';
import { propertiesToJsonSchema } from '../../../src/engine/publish/json-schema.js';
import { publishedTypes } from '../../../src/engine/publish/schema-set.js';
import type { PropertiesSchema, PropertySchema } from '../../../src/plugin-api/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { registryOf } from './support.js';

describe('publishing property schemas', () => {
  it('carries types and unions, enums, required keys, nesting and exclusive groups over to JSON Schema', () => {
    const schema = propertiesToJsonSchema({
      port: { type: 'integer', required: true, description: 'Port.' },
      size: { types: ['integer', 'string'], description: 'Size.' },
      mode: { type: 'string', enum: ['a', 'b'], description: 'Mode.' },
      nested: { type: 'object', description: 'Nested.', properties: { x: { type: 'string', description: 'X.' } }, exclusive: [['x', 'y']] },
      reserved: { type: 'string', platformReserved: true, description: 'Reserved.' },
    });
    expect(schema).toMatchObject({
      type: 'object',
      required: ['port'],
      additionalProperties: false,
      properties: {
        port: { type: 'integer' },
        size: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        mode: { enum: ['a', 'b'] },
        nested: { type: 'object', additionalProperties: false, not: { anyOf: [{ required: ['x', 'y'] }] } },
      },
    });
    expect((schema.properties as Record<string, unknown>).reserved).toBeUndefined();
    expect(schema.description).toContain('Platform-reserved (set only by the ClusterProfile rendering): reserved.');
  });

  it('finds a description on every property of every built-in type, at every depth', () => {
    const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);
    const missing: string[] = [];
    const walk = (properties: PropertiesSchema, path: string) => {
      for (const [key, schema] of Object.entries(properties)) visit(schema, `${path}.${key}`);
    };
    const visit = (schema: PropertySchema, path: string) => {
      if (!schema.description) missing.push(path);
      if (schema.properties) walk(schema.properties, path);
      if (schema.items) visit(schema.items, `${path}[]`);
      if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties, `${path}{}`);
    };
    const types = publishedTypes(registry);
    expect(types.length).toBeGreaterThan(15);
    for (const entry of types) walk(entry.properties, `${entry.position}/${entry.type}`);
    expect(missing).toEqual([]);
  });
});

describe('the application schema of package apps', () => {
  it('accepts a whole `${name}` placeholder where anything but a free string is expected, at every depth', async () => {
    const { acceptPlaceholders, PLACEHOLDER_DEF } = await import('../../../src/engine/publish/placeholders.js');
    const placeholder = { $ref: `#/$defs/${PLACEHOLDER_DEF}` };
    const schema = acceptPlaceholders(
      propertiesToJsonSchema({
        image: { type: 'string', description: 'Image.' },
        replicas: { type: 'integer', description: 'Replicas.' },
        size: { types: ['integer', 'string'], description: 'Size.' },
        mode: { type: 'string', enum: ['a', 'b'], description: 'Mode.' },
        env: { type: 'array', description: 'Env.', items: { type: 'object', description: 'One.', properties: { value: { type: 'boolean', description: 'V.' } } } },
      }),
    );
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(schema.type).toBe('object');
    expect(properties.image).toEqual({ type: 'string', description: 'Image.' });
    expect(properties.size).toEqual({ description: 'Size.', anyOf: [{ type: 'integer' }, { type: 'string' }] });
    expect(properties.replicas).toEqual({ description: 'Replicas.', anyOf: [{ type: 'integer' }, placeholder] });
    expect(properties.mode).toEqual({ description: 'Mode.', anyOf: [{ type: 'string', enum: ['a', 'b'] }, placeholder] });
    const env = properties.env as { anyOf: Array<{ items: { anyOf: Array<{ properties: Record<string, unknown> }> } }> };
    expect(env.anyOf[1]).toEqual(placeholder);
    expect(env.anyOf[0].items.anyOf[1]).toEqual(placeholder);
    expect(env.anyOf[0].items.anyOf[0].properties.value).toEqual({ description: 'V.', anyOf: [{ type: 'boolean' }, placeholder] });
  });
});
