import { describe, expect, it } from 'vitest';
import { encodeGo, goAlways, GO_DURATION, GO_KEEP_EMPTY, GO_OMIT_ZERO, GO_STRUCT, GO_TIME, schemaBuilders, type PropertySchema } from '../../../src/plugin-api/index.js';
import { createTestContext } from '../../../src/plugin-api/testing/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

const { editAt, optionalAt, withEnumValues, withGo, withProperties } = schemaBuilders;

const text = { type: 'string', description: 'A text.' } as const;
const schema: PropertySchema = {
  type: 'object',
  properties: {
    namespaceSelector: { type: 'object', description: 'A selector.', properties: { matchLabels: { type: 'object', description: 'Labels.', additionalProperties: text } } },
    selector: { type: 'object', description: 'A selector.', properties: { matchLabels: { type: 'object', description: 'Labels.', additionalProperties: text } } },
    storage: {
      type: 'object',
      description: 'Storage.',
      properties: { volumeClaimTemplate: { type: 'object', description: 'A template.', properties: { metadata: { type: 'object', description: 'Metadata.', properties: {} }, status: { type: 'object', description: 'Status.', properties: {} } } } },
    },
    names: { type: 'array', description: 'Names.', items: text },
    size: { types: ['string', 'number'], description: 'A quantity.' },
    endpoints: {
      type: 'array',
      description: 'Endpoints.',
      items: { type: 'object', description: 'One.', properties: { interval: text, scrapedAt: text, honorLabels: { type: 'boolean', description: 'Honour.' } } },
    },
  },
};

describe('encodeGo', () => {
  const ctx = createTestContext({ plugins: SOURCE_BUILTINS });

  it('writes structs held by value and fields without omitempty the way the Go type does', () => {
    const annotated = withGo(schema, {
      namespaceSelector: GO_STRUCT,
      'storage.volumeClaimTemplate': GO_STRUCT,
      'storage.volumeClaimTemplate.metadata': GO_STRUCT,
      'storage.volumeClaimTemplate.status': GO_STRUCT,
      endpoints: goAlways(null),
    });
    expect(encodeGo({ storage: {} }, annotated, ctx)).toEqual({ namespaceSelector: {}, storage: { volumeClaimTemplate: { metadata: {}, status: {} } }, endpoints: null });
    expect(encodeGo({ endpoints: [] }, annotated, ctx)).toEqual({ namespaceSelector: {}, endpoints: [] });
  });

  it('drops empty lists and maps, and the zero of an omitempty scalar, but keeps an empty struct', () => {
    const annotated = withGo(schema, { 'endpoints[].honorLabels': GO_OMIT_ZERO });
    const value = { names: [], selector: { matchLabels: {} }, endpoints: [{ honorLabels: false, interval: '30s' }] };
    expect(encodeGo(value, annotated, ctx)).toEqual({ selector: {}, endpoints: [{ interval: '30s' }] });
  });

  it('keeps an empty list without omitempty, and a scalar zero without an annotation', () => {
    const annotated = withGo(schema, { names: GO_KEEP_EMPTY });
    expect(encodeGo({ names: [], endpoints: [{ honorLabels: false, interval: '' }] }, annotated, ctx)).toEqual({ names: [], endpoints: [{ honorLabels: false, interval: '' }] });
  });

  it("prints durations, times and quantities in Go's spelling and refuses what Go cannot read, by path", () => {
    const annotated = withGo(schema, { 'endpoints[].interval': GO_DURATION, 'endpoints[].scrapedAt': GO_TIME });
    expect(encodeGo({ size: '1024Mi', endpoints: [{ interval: '90s', scrapedAt: '2026-01-31T13:00:00+01:00' }] }, annotated, ctx)).toEqual({
      size: '1Gi',
      endpoints: [{ interval: '1m30s', scrapedAt: '2026-01-31T12:00:00Z' }],
    });
    expect(() => encodeGo({ endpoints: [{ interval: '1d' }] }, annotated, ctx)).toThrow(/endpoints\[0\]\.interval: "1d" is not a Go duration/);
    expect(() => encodeGo({ endpoints: [{ scrapedAt: 'yesterday' }] }, annotated, ctx)).toThrow(/endpoints\[0\]\.scrapedAt: "yesterday" is not an RFC 3339 time stamp/);
    expect(() => encodeGo({ size: 'lots' }, annotated, ctx)).toThrow(/size: "lots" is not a quantity/);
  });

  it('refuses an annotation at a path the schema does not have', () => {
    expect(() => withGo(schema, { 'endpoints[].missing': GO_OMIT_ZERO })).toThrow(/no property "missing"/);
    expect(() => withGo(schema, { 'names.first': GO_OMIT_ZERO })).toThrow(/no property "first"/);
  });
});

describe('schema edits', () => {
  it('adds properties and enum values at a path through lists, leaving the original as it was', () => {
    const base: PropertySchema = { type: 'object', properties: { rules: { type: 'array', description: 'Rules.', items: { type: 'object', description: 'A rule.', properties: { code: { type: 'integer', enum: [301], description: 'Code.', required: true } } } } } };
    const wider = withEnumValues(withProperties(base, 'rules[]', { name: text }), 'rules[].code', [307, 301]);
    expect(wider.properties?.rules.items?.properties?.name).toEqual(text);
    expect(wider.properties?.rules.items?.properties?.code.enum).toEqual([301, 307]);
    expect(optionalAt(wider, 'rules[].code').properties?.rules.items?.properties?.code.required).toBeUndefined();
    expect(base.properties?.rules.items?.properties?.name).toBeUndefined();
    expect(() => editAt(base, 'rules[].missing', (s) => s)).toThrow(/no property "missing"/);
  });
});
