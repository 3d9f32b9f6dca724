import { describe, expect, it } from 'vitest';
import { LineCounter, parseAllDocuments, parseDocument, type DocumentOptions } from 'yaml';
import { hasRepeatedKey, readYamlDocuments } from '../../../src/plugin-api/kit/index.js';

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

describe('readYamlDocuments', () => {
  it('gives the documents, refusals and values the library gives, a stream of them at a time', () => {
    const stream = [...TEXTS, 'a: &x [1]\nb: *x\nc: [*x, *x]\n', 'a: [1,\n'].join('---\n');
    const library = parseAllDocuments(stream);
    const read = readYamlDocuments(stream);
    expect(read.length).toBe(library.length);
    Array.from(read).forEach((document, index) => {
      expect(document.errors.map(String)).toEqual(library[index].errors.map(String));
      if (document.errors.length === 0) expect(document.toJS({ maxAliasCount: 100 })).toEqual(library[index].toJS({ maxAliasCount: 100 }));
    });
    expect(read.some((document) => document.errors.some((error) => error.code === 'DUPLICATE_KEY'))).toBe(true);
  });

  it('counts the lines of a text read again for its repeated key once, where its caller asked', () => {
    const text = 'a: 1\nb:\n  c: 2\n  c: 3\n';
    const lines = new LineCounter();
    const [document] = readYamlDocuments(text, { lineCounter: lines, prettyErrors: false });
    expect(document.errors[0].code).toBe('DUPLICATE_KEY');
    expect(lines.lineStarts).toEqual([0, 5, 8, 15, 22]);
    expect(lines.linePos(document.errors[0].pos[0])).toEqual({ line: 4, col: 3 });
  });

  it('leaves repeated keys alone where the caller does', () => {
    const [document] = readYamlDocuments('a: 1\na: 2\n', { uniqueKeys: false });
    expect(document.errors).toEqual([]);
    expect(document.toJS()).toEqual({ a: 2 });
  });
});
