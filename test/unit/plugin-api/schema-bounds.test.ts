import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { propertiesToJsonSchema } from '../../../src/engine/publish/json-schema.js';
import type { PropertiesSchema } from '../../../src/plugin-api/index.js';
import { validateProperties } from '../../../src/plugin-api/kit/index.js';

// Bounds and patterns are part of the schema vocabulary: the engine holds authored values to them
// (so a handler never checks them by hand), and `kurel schemas` publishes them for editors.

const schema = {
  port: { type: 'integer', minimum: 1, maximum: 65535, description: 'A port.' },
  name: { type: 'string', pattern: '^[a-z]+$', minLength: 2, maxLength: 8, description: 'A name.' },
  size: { types: ['number', 'string'], minimum: 0, pattern: '^[0-9]+Gi$', description: 'A size.' },
  hosts: { type: 'array', items: { type: 'string', description: 'A host.' }, minItems: 1, maxItems: 2, description: 'Hosts.' },
} as const satisfies PropertiesSchema;

const issues = (value: Record<string, unknown>) => validateProperties(schema, value).issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('schema bounds and patterns', () => {
  it('hold authored values, each refusal at its path', () => {
    expect(issues({ port: 8080, name: 'web', size: '10Gi', hosts: ['a'] })).toEqual([]);
    expect(issues({ port: 0 })).toEqual(['port: 0 is less than the minimum 1']);
    expect(issues({ port: 65536 })).toEqual(['port: 65536 is more than the maximum 65535']);
    expect(issues({ name: 'Web' })).toEqual(['name: "Web" does not match the pattern ^[a-z]+$']);
    expect(issues({ name: 'a' })).toEqual(['name: "a" is shorter than 2 characters']);
    expect(issues({ size: -1 })).toEqual(['size: -1 is less than the minimum 0']);
    expect(issues({ size: '10G' })).toEqual(['size: "10G" does not match the pattern ^[0-9]+Gi$']);
    expect(issues({ hosts: [] })).toEqual(['hosts: holds 0 items, fewer than 1']);
  });

  it('are published beside the type they apply to, and compile in strict JSON Schema tooling', () => {
    const published = propertiesToJsonSchema(schema) as { properties: Record<string, unknown> };
    expect(published.properties).toEqual({
      port: { description: 'A port.', type: 'integer', minimum: 1, maximum: 65535 },
      name: { description: 'A name.', type: 'string', minLength: 2, maxLength: 8, pattern: '^[a-z]+$' },
      size: { description: 'A size.', anyOf: [{ type: 'number', minimum: 0 }, { type: 'string', pattern: '^[0-9]+Gi$' }] },
      hosts: { description: 'Hosts.', type: 'array', minItems: 1, maxItems: 2, items: { description: 'A host.', type: 'string' } },
    });
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(published);
    expect(validate({ port: 8080, name: 'web', size: 3, hosts: ['a'] })).toBe(true);
    expect(validate({ port: 0 })).toBe(false);
    expect(validate({ name: 'Web' })).toBe(false);
  });

  it('leaves out of the published schema a pattern JSON Schema cannot read as a Unicode expression, which kurel still checks', () => {
    const loose = { code: { type: 'string', pattern: '^a\\-b$', description: 'A code.' } } as const satisfies PropertiesSchema;
    expect((propertiesToJsonSchema(loose) as { properties: Record<string, unknown> }).properties.code).toEqual({ description: 'A code.', type: 'string' });
    expect(validateProperties(loose, { code: 'ab' }).issues.map((issue) => issue.message)).toEqual(['"ab" does not match the pattern ^a\\-b$']);
  });
});
