import { describe, expect, it } from 'vitest';
import { propertiesToJsonSchema } from '../../../src/engine/publish/json-schema.js';
import { publishedTypes, type PublishedType } from '../../../src/engine/publish/schema-set.js';
import { type PropertiesSchema, type PropertySchema } from '../../../src/plugin-api/index.js';
import { defineKind } from '../../../src/plugin-api/kit/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { plugin, registryOf } from './support.js';

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

  it("publishes the bounds built-ins declare: webservice's port, scaler's replica counts", () => {
    const types = publishedTypes(registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]));
    const propertiesOf = (type: string) => (types.find((entry) => entry.type === type)!.schema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(propertiesOf('webservice').port).toMatchObject({ type: 'integer', minimum: 1, maximum: 65535, default: 80 });
    expect(propertiesOf('scaler').minReplicas).toMatchObject({ type: 'integer', minimum: 1 });
    expect(propertiesOf('scaler').maxReplicas).toMatchObject({ type: 'integer', minimum: 1 });
  });

  it('finds a description on every property of every built-in type, at every depth', () => {
    const types = publishedTypes(registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]));
    expect(types.length).toBeGreaterThan(130);
    expect(missingDescriptions(types)).toEqual([]);
  });

  it('names a property without a description, nested in a kind, an array or a map', () => {
    const kind = defineKind({
      type: 'undescribed',
      description: 'A kind with holes in its docs.',
      apiVersion: 'example.com/v1',
      kind: 'Undescribed',
      scope: 'namespaced',
      properties: {
        top: { type: 'string' },
        spec: { type: 'object', description: 'Spec.', properties: { inner: { type: 'integer' } } },
        list: { type: 'array', description: 'List.', items: { type: 'object', properties: { field: { type: 'string', description: 'Field.' } } } },
        map: { type: 'object', description: 'Map.', additionalProperties: { type: 'string' } },
      },
    });
    const types = publishedTypes(registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies, plugin('holes', { components: [kind] })]));
    expect(missingDescriptions(types)).toEqual(['component/undescribed.top', 'component/undescribed.spec.inner', 'component/undescribed.list[]', 'component/undescribed.map{}']);
  });
});

/** The paths of every property, at every depth, that carries no description. */
function missingDescriptions(types: PublishedType[]): string[] {
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
  for (const entry of types) walk(entry.properties, `${entry.position}/${entry.type}`);
  return missing;
}

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
