import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PropertySchema } from '../../../src/plugin-api/index.js';
import { validateProperties } from '../../../src/plugin-api/kit/index.js';
// @ts-expect-error: a plain ES module script without declarations
import { convert, crdDefinitions, QUANTITY_PATTERN } from '../../../scripts/crd-schemas/convert.mjs';
// @ts-expect-error: a plain ES module script without declarations
import { crdsDir, generatedDir, generateFamily, schemaFileCrd } from '../../../scripts/generate-crd-schemas.mjs';

const crd = {
  kind: 'CustomResourceDefinition',
  spec: {
    group: 'example.io',
    names: { kind: 'Widget' },
    versions: [
      {
        name: 'v1',
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              apiVersion: { type: 'string' },
              kind: { type: 'string' },
              metadata: { type: 'object' },
              status: { type: 'object', properties: { ready: { type: 'boolean' } } },
              spec: {
                type: 'object',
                description: 'WidgetSpec is the spec.\n\nA second paragraph is left out.',
                required: ['size', 'mode'],
                properties: {
                  size: { type: 'integer', format: 'int32', minimum: 1, maximum: 10 },
                  mode: { type: 'string', enum: ['fast', 'slow', null], default: 'fast' },
                  name: { type: 'string', pattern: '^[a-z]+$', maxLength: 5 },
                  memory: { anyOf: [{ type: 'integer' }, { type: 'string' }], pattern: QUANTITY_PATTERN, 'x-kubernetes-int-or-string': true },
                  port: { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true },
                  labels: { type: 'object', additionalProperties: { type: 'string' } },
                  values: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  raw: { 'x-kubernetes-preserve-unknown-fields': true },
                  empty: { type: 'object' },
                  peers: { type: 'array', minItems: 1, items: { type: 'object', properties: { address: { type: 'string' } } } },
                  odd: { type: 'string', pattern: '(?<!a)b(' },
                },
              },
            },
          },
        },
      },
    ],
  },
};

function spec(): PropertySchema {
  const [definition] = crdDefinitions(crd, []);
  expect(definition).toMatchObject({ module: 'example.io-v1', name: 'Widget' });
  expect(Object.keys(definition.schema.properties)).toEqual(['spec']);
  return definition.schema.properties.spec;
}

describe('generate-crd-schemas', () => {
  it('keeps types, the first paragraph of descriptions, enums without null, formats, patterns and bounds', () => {
    const schema = spec();
    expect(schema.description).toBe('WidgetSpec is the spec.');
    expect(schema.properties!.size).toMatchObject({ type: 'integer', format: 'int32', minimum: 1, maximum: 10, required: true });
    expect(schema.properties!.mode).toMatchObject({ type: 'string', enum: ['fast', 'slow'] });
    expect(schema.properties!.name).toMatchObject({ type: 'string', pattern: '^[a-z]+$', maxLength: 5 });
    expect(schema.properties!.peers.minItems).toBe(1);
  });

  it('says where upstream describes nothing: a field, a list element, a map value', () => {
    const schema = spec();
    expect(schema.properties!.size.description).toBe('The size field (not described upstream).');
    expect(schema.properties!.peers.items!.description).toBe('An element of the list (not described upstream).');
    expect((schema.properties!.labels.additionalProperties as PropertySchema).description).toBe('A value of the map (not described upstream).');
  });

  it('reads a quantity as number or string, an IntOrString as integer or string', () => {
    expect(spec().properties!.memory.types).toEqual(['number', 'string']);
    expect(spec().properties!.port.types).toEqual(['integer', 'string']);
  });

  it('is strict at every depth, except maps and objects upstream keeps unknown fields of', () => {
    const schema = { spec: spec() };
    const check = (value: unknown) => validateProperties(schema, { spec: { size: 1, ...(value as object) } }).issues;
    expect(check({ peers: [{ adress: 'x' }] })).toEqual([{ path: ['spec', 'peers', 0, 'adress'], message: 'unsupported field "adress" (allowed: address)' }]);
    expect(check({ empty: { any: 1 } }).map((issue) => issue.path)).toEqual([['spec', 'empty', 'any']]);
    expect(check({ labels: { a: 'b' }, values: { any: { nested: true } }, raw: [1, 'two'] })).toEqual([]);
    expect(check({ labels: { a: 1 } }).map((issue) => issue.path)).toEqual([['spec', 'labels', 'a']]);
  });

  it('drops upstream defaults, and with them the requirement of a defaulted key', () => {
    const issues = validateProperties({ spec: spec() }, { spec: {} }, { applyDefaults: true });
    expect(issues.issues).toEqual([{ path: ['spec'], message: '"size" is required' }]);
    expect(issues.value).toEqual({ spec: {} });
  });

  it('checks the patterns and bounds it keeps', () => {
    const check = (value: object) => validateProperties({ spec: spec() }, { spec: { size: 1, ...value } }).issues.map((issue) => issue.message);
    expect(check({ size: 11 })).toEqual(['11 is more than the maximum 10']);
    expect(check({ name: 'Abc' })).toEqual(['"Abc" does not match the pattern ^[a-z]+$']);
    expect(check({ name: 'abcdef' })).toEqual(['"abcdef" is longer than 5 characters']);
    expect(check({ peers: [] })).toEqual(['holds 0 items, fewer than 1']);
    expect(check({ memory: '1Gi', port: 'http' })).toEqual([]);
    expect(check({ memory: 'lots' }), 'a quantity is checked where it is encoded').toEqual([]);
  });

  it("gives an embedded metadata that controller-gen left bare the authored fields of an ObjectMeta, which the Go type decodes", () => {
    const template = convert({ type: 'object', properties: { metadata: { type: 'object' }, other: { type: 'object' } } }, [], 'spec.template');
    const check = (value: unknown) => validateProperties({ template }, { template: value }).issues;
    expect(check({ metadata: { labels: { app: 'db' }, annotations: { a: 'b' }, name: 'x' } })).toEqual([]);
    expect(check({ metadata: { lables: {} } }).map((issue) => issue.path)).toEqual([['template', 'metadata', 'lables']]);
    expect(check({ other: { labels: {} } }).map((issue) => issue.path), 'only a member named metadata').toEqual([['template', 'other', 'labels']]);
  });

  it('notes a pattern JavaScript cannot read instead of keeping it', () => {
    const notes: string[] = [];
    convert(crd.spec.versions[0].schema.openAPIV3Schema.properties.spec, notes, 'spec');
    expect(notes).toEqual(['spec.odd: pattern (?<!a)b( is not an ECMAScript regular expression; not checked']);
  });

  it("reads a CRD version's schema file as that version of the CRD, without the strictness a schema catalogue adds", () => {
    const file = {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          additionalProperties: false,
          properties: { labels: { type: 'object', additionalProperties: { type: 'string' } }, additionalProperties: { type: 'string' }, values: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { a: { type: 'string' } }, additionalProperties: false } },
        },
      },
    };
    const crd = schemaFileCrd(file, { group: 'example.io', version: 'v2', kind: 'Gadget' });
    const schema = crd.spec.versions[0].schema.openAPIV3Schema;
    expect(schema.properties.spec).not.toHaveProperty('additionalProperties');
    expect(schema.properties.spec.properties.values).not.toHaveProperty('additionalProperties');
    expect(schema.properties.spec.properties.additionalProperties).toEqual({ type: 'string' });
    const [definition] = crdDefinitions(crd, []);
    expect(definition).toMatchObject({ id: 'example.io/v2/Gadget', module: 'example.io-v2', name: 'Gadget' });
    const spec = definition.schema.properties.spec;
    // A field named additionalProperties stays a field; the preserved object keeps unknown keys.
    expect(Object.keys(spec.properties)).toEqual(['additionalProperties', 'labels', 'values']);
    expect(spec.properties.values.additionalProperties).toBe(true);
    expect(validateProperties(spec.properties, { labels: { a: 'b' }, values: { a: 'x', b: 1 } }).issues).toEqual([]);
    expect(validateProperties(spec.properties, { other: 1 }).issues).toHaveLength(1);
  });

  it('has written the committed modules from the committed CRDs, whose sha256 match their provenance', () => {
    const families = readdirSync(crdsDir);
    expect(families.length).toBeGreaterThan(0);
    for (const family of families) {
      const committed = readFileSync(join(generatedDir, family, 'index.ts'), 'utf8');
      expect(generateFamily(join(crdsDir, family)).content === committed, `generated/${family} is up to date`).toBe(true);
    }
  });
});
