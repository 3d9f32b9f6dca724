import { describe, expect, it } from 'vitest';
import { type GoEncoding, type PropertySchema } from '../../../src/plugin-api/index.js';
import { defineKind, goAlways, GO_DURATION, GO_KEEP_EMPTY, GO_OMIT_ZERO, GO_STRUCT, GO_TIME, schemaBuilders } from '../../../src/plugin-api/kit/index.js';
import { pluginTester, rendered } from '../../support/engine.js';

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

/** A kind of this schema with these Go annotations, as an organisation declares one: the engine writes its spec through encodeGo. */
function goKind(annotations: Record<string, GoEncoding>) {
  const kind = defineKind<Record<string, unknown>>({ type: 'encoded', description: 'An Encoded object.', apiVersion: 'example.com/v1', kind: 'Encoded', scope: 'namespaced', properties: withGo(schema, annotations).properties! });
  return pluginTester({ components: [kind] });
}

/** The spec the CLI writes for these properties. */
async function encoded(annotations: Record<string, GoEncoding>, properties: Record<string, unknown>) {
  return (await rendered(goKind(annotations), 'encoded', 'e', properties)).objects[0].spec;
}

describe('encodeGo, as the engine writes a kind', () => {

  it('writes structs held by value and fields without omitempty the way the Go type does', async () => {
    const annotations = {
      namespaceSelector: GO_STRUCT,
      'storage.volumeClaimTemplate': GO_STRUCT,
      'storage.volumeClaimTemplate.metadata': GO_STRUCT,
      'storage.volumeClaimTemplate.status': GO_STRUCT,
      endpoints: goAlways(null),
    };
    expect(await encoded(annotations, { storage: {} })).toEqual({ namespaceSelector: {}, storage: { volumeClaimTemplate: { metadata: {}, status: {} } }, endpoints: null });
    expect(await encoded(annotations, { endpoints: [] })).toEqual({ namespaceSelector: {}, endpoints: [] });
  });

  it('drops empty lists and maps, and the zero of an omitempty scalar, but keeps an empty struct', async () => {
    const value = { names: [], selector: { matchLabels: {} }, endpoints: [{ honorLabels: false, interval: '30s' }] };
    expect(await encoded({ 'endpoints[].honorLabels': GO_OMIT_ZERO }, value)).toEqual({ selector: {}, endpoints: [{ interval: '30s' }] });
  });

  it('keeps an empty list without omitempty, and a scalar zero without an annotation', async () => {
    expect(await encoded({ names: GO_KEEP_EMPTY }, { names: [], endpoints: [{ honorLabels: false, interval: '' }] })).toEqual({ names: [], endpoints: [{ honorLabels: false, interval: '' }] });
  });

  it("prints durations, times and quantities in Go's spelling and refuses what Go cannot read, by path", async () => {
    const annotations = { 'endpoints[].interval': GO_DURATION, 'endpoints[].scrapedAt': GO_TIME };
    expect(await encoded(annotations, { size: '1024Mi', endpoints: [{ interval: '90s', scrapedAt: '2026-01-31T13:00:00+01:00' }] })).toEqual({
      size: '1Gi',
      endpoints: [{ interval: '1m30s', scrapedAt: '2026-01-31T12:00:00Z' }],
    });
    await goKind(annotations).runComponent('encoded', [
      { title: 'duration', properties: { endpoints: [{ interval: '1d' }] }, error: { code: 'KUREL_HANDLER_REFUSED', message: /endpoints\[0\]\.interval: "1d" is not a Go duration/, property: ['endpoints', 0, 'interval'] } },
      { title: 'time', properties: { endpoints: [{ scrapedAt: 'yesterday' }] }, error: { code: 'KUREL_HANDLER_REFUSED', message: /endpoints\[0\]\.scrapedAt: "yesterday" is not an RFC 3339 time stamp/, property: ['endpoints', 0, 'scrapedAt'] } },
      { title: 'quantity', properties: { size: 'lots' }, error: { code: 'KUREL_HANDLER_REFUSED', message: /size: "lots" is not a quantity/, property: ['size'] } },
    ]);
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
