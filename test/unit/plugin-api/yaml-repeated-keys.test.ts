import { describe, expect, it } from 'vitest';
import { parseDocument, type DocumentOptions } from 'yaml';
import { hasRepeatedKey } from '../../../src/plugin-api/index.js';

// A map's repeated key, found in one pass, as the YAML library's own check finds it.

const TEXTS = [
  'a: 1\na: 2\n',
  'a: 1\nb: 2\n',
  'x:\n  a: 1\n  b: {c: 1, c: 2}\n',
  '- {a: 1}\n- {a: 1}\n',
  '[a: 1, a: 2]\n',
  '1: x\n"1": y\n',
  '0x10: x\n16: y\n',
  'null: 1\n~: 2\n',
  'true: 1\nTrue: 2\n',
  'yes: 1\ntrue: 2\n',
  '.nan: 1\n.nan: 2\n',
  '? [a]\n: 1\n? [a]\n: 2\n',
  'a: &x k\n*x : 1\nk: 2\n',
  '<<: {a: 1}\n<<: {b: 2}\n',
];

describe('hasRepeatedKey', () => {
  for (const version of ['1.2', '1.1'] as const) {
    it(`answers as the library's check of unique keys does, in YAML ${version}`, () => {
      const options: DocumentOptions = { version };
      const answers = TEXTS.map((text) => {
        const library = parseDocument(text, options).errors.some((error) => error.code === 'DUPLICATE_KEY');
        expect(hasRepeatedKey(parseDocument(text, { ...options, uniqueKeys: false })), text).toBe(library);
        return library;
      });
      // Both answers occur among the texts.
      expect(answers).toContain(true);
      expect(answers).toContain(false);
    });
  }
});
