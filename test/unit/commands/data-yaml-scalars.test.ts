import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { dataScalar } from '../../../src/commands/support/data-yaml-scalars.js';
import { DATA_YAML_OPTIONS } from '../../../src/commands/support/data-yaml-options.js';
import { scalarText } from '../engine/yaml-arbitraries.js';

/** The value as the library writes it in a report's diagnostic, after the key and its `: `. */
function libraryWritten(value: unknown): string {
  const text = stringify({ valid: false, diagnostics: [{ severity: 'error', message: value }] }, DATA_YAML_OPTIONS);
  const lead = 'valid: false\ndiagnostics:\n  - severity: error\n    message: ';
  expect(text.startsWith(lead)).toBe(true);
  return text.slice(lead.length, -1);
}

describe('dataScalar', () => {
  it('writes every value it answers for as the library writes it in a report', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 6, arbitrary: scalarText }, { weight: 1, arbitrary: fc.integer() }, { weight: 1, arbitrary: fc.double() }, { weight: 1, arbitrary: fc.constantFrom(true, false, null, -0) }), (value) => {
        const written = dataScalar(value);
        if (written !== undefined) expect(written).toBe(libraryWritten(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers for the values a report is made of: messages, places, names, numbers and null', () => {
    const values = [
      'component "web" (type "webservice"): unsupported field "extra7" (allowed: as listed for "extra0")',
      "component \"web\": it's refused",
      "it's a plain one",
      'spec.components[0].properties.extra7',
      'dir/app 3.yaml',
      'KUREL_PROPERTY',
      'error',
      'kurel-builtin-components',
      'null',
      '0x1F',
      '',
      '- a list item?',
      'tab\there',
      'Grüße ✓ 日本',
      12,
      null,
      true,
    ];
    for (const value of values) expect(dataScalar(value), String(value)).toBe(libraryWritten(value));
  });

  it('leaves to the library what its longer rules write: line breaks, control characters, surrogates, numbers not whole', () => {
    for (const value of ['two\nlines', 'a bell \u0007', 'a lone \ud800 half', 'a pair 🚀', 'next line \u0085', 1.5, -0, Number.NaN, 2 ** 53, undefined, { a: 1 }]) expect(dataScalar(value), String(value)).toBeUndefined();
  });
});
