import { describe, expect, it } from 'vitest';
import type { PropertySchema } from 'kurel/plugin-api';
import { refusingContext } from '../../support/handler-context.js';
import { always, DURATION, encodeGo, nested, OMIT_ZERO, struct } from '../../../plugins/builtin-kinds/shared/go-encoding.js';
import { editAt, optional, withEnumValues, withProperties } from '../../../plugins/builtin-kinds/shared/schema-edit.js';

const text = { type: 'string', description: 'A text.' } as const;
const schema: PropertySchema = {
  type: 'object',
  properties: {
    selector: { type: 'object', description: 'A selector.', properties: { matchLabels: { type: 'object', description: 'Labels.', additionalProperties: text } } },
    names: { type: 'array', description: 'Names.', items: text },
    endpoints: { type: 'array', description: 'Endpoints.', items: { type: 'object', description: 'One.', properties: { interval: text, honorLabels: { type: 'boolean', description: 'Honour.' } } } },
  },
};

describe('encodeGo', () => {
  const ctx = refusingContext();

  it('writes non-pointer structs and non-omitempty fields the way the Go type does', () => {
    const shape = { namespaceSelector: struct(), storage: nested({ volumeClaimTemplate: struct({ metadata: struct(), status: struct() }) }), endpoints: always(null) };
    expect(encodeGo({ storage: {} }, schema, shape, ctx)).toEqual({ namespaceSelector: {}, storage: { volumeClaimTemplate: { metadata: {}, status: {} } }, endpoints: null });
    expect(encodeGo({ endpoints: [] }, schema, shape, ctx)).toEqual({ namespaceSelector: {}, endpoints: [] });
  });

  it('drops empty lists and maps, and the zero of an omitempty scalar, but keeps an empty struct', () => {
    const shape = { endpoints: nested({ honorLabels: OMIT_ZERO }) };
    const value = { names: [], selector: { matchLabels: {} }, endpoints: [{ honorLabels: false, interval: '30s' }] };
    expect(encodeGo(value, schema, shape, ctx)).toEqual({ selector: {}, endpoints: [{ interval: '30s' }] });
  });

  it("prints durations in Go's spelling and refuses one Go cannot read, by path", () => {
    const shape = { endpoints: nested({ interval: DURATION }) };
    expect(encodeGo({ endpoints: [{ interval: '90s' }] }, schema, shape, ctx)).toEqual({ endpoints: [{ interval: '1m30s' }] });
    expect(() => encodeGo({ endpoints: [{ interval: '1d' }] }, schema, shape, ctx)).toThrow(/endpoints\[0\]\.interval: "1d" is not a Go duration/);
  });
});

describe('schema edits', () => {
  it('adds properties and enum values at a path through lists, leaving the original as it was', () => {
    const base: PropertySchema = { type: 'object', properties: { rules: { type: 'array', description: 'Rules.', items: { type: 'object', description: 'A rule.', properties: { code: { type: 'integer', enum: [301], description: 'Code.', required: true } } } } } };
    const wider = withEnumValues(withProperties(base, 'rules[]', { name: text }), 'rules[].code', [307, 301]);
    expect(wider.properties?.rules.items?.properties?.name).toEqual(text);
    expect(wider.properties?.rules.items?.properties?.code.enum).toEqual([301, 307]);
    expect(optional(wider, 'rules[].code').properties?.rules.items?.properties?.code.required).toBeUndefined();
    expect(base.properties?.rules.items?.properties?.name).toBeUndefined();
    expect(() => editAt(base, 'rules[].missing', (s) => s)).toThrow(/no property "missing"/);
  });
});
