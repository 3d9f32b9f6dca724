import { isDeepStrictEqual } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INPUT_LIMITS } from '../../../src/engine/yaml/input-limits.js';
import { readJsonDocument } from '../../../src/engine/yaml/json-document.js';
import { parseSource } from '../../../src/engine/yaml/source.js';
import { firstDiagnostic, pathsIn, seeded, wholeReadingPosition } from './support.js';

/** The value the YAML library gives a text as kurel reads it (expanding aliases), or undefined where it refuses the text. */
function libraryValue(text: string): unknown {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents) || documents.length !== 1 || documents[0].errors.length > 0) return undefined;
  return documents[0].toJS({ maxAliasCount: -1 });
}

/** A small seeded generator of JSON texts, laid out as JSON allows and tools print. */
function generator(seed: number) {
  const { random, pick } = seeded(seed);
  const strings = ['', 'web', 'a b', 'é💡', 'q"q', 'back\\slash', 'line\nbreak', 'tab\there', 'a/b', '#not a comment', ': colon', '- dash', '__proto__', 'true', '1.0', '0', 'null', '{x}', '[y]', '*alias', '&anchor', '!tag', '%directive', '---', '...'];
  const numbers = ['0', '-0', '1', '-17', '8080', '1.5', '-0.25', '1e3', '1E-3', '2.5e+10', '1e400', '12345678901234567890', '0.1', '100.00'];
  // A string written as JSON tools may write it: plain, with `/` escaped, or with every character past ASCII as \u escapes.
  const written = (text: string) => {
    const plain = JSON.stringify(text);
    const roll = random();
    if (roll < 0.2) return plain.replaceAll('/', '\\/');
    if (roll < 0.4) return plain.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return plain;
  };
  const space = () => pick(['', ' ', '\n', '  ', '\n    ', '\r\n', ' \n ']);
  const map = (depth: number): string => {
    const keys = new Set<string>();
    for (let count = Math.floor(random() * 5); count > 0; count--) keys.add(pick(strings) + (random() < 0.5 ? String(count) : ''));
    const entries = [...keys].map((key) => `${space()}${written(key)}${space()}:${space()}${value(depth + 1)}${space()}`);
    return `{${entries.join(',')}${entries.length === 0 ? space() : ''}}`;
  };
  const list = (depth: number): string => `[${Array.from({ length: Math.floor(random() * 4) }, () => `${space()}${value(depth + 1)}${space()}`).join(',')}]`;
  const value = (depth: number): string => {
    const roll = random();
    if (depth < 5 && roll < 0.25) return map(depth);
    if (depth < 5 && roll < 0.45) return list(depth);
    if (roll < 0.7) return written(pick(strings));
    if (roll < 0.9) return pick(numbers);
    return pick(['true', 'false', 'null']);
  };
  // The root is a map or a list spread over lines, as the block reader leaves it.
  return () => `${pick(['', '\n', '  '])}${(random() < 0.6 ? map : list)(1).replace(/^./, '$&\n')}\n`;
}

describe('the JSON reader: what it reads, it reads as the library does', () => {
  it('gives the library value and positions for generated JSON texts', () => {
    const next = generator(20261202);
    let read = 0;
    for (let count = 0; count < 1500; count++) {
      const text = next();
      const document = readJsonDocument(text, DEFAULT_INPUT_LIMITS);
      if (document === undefined) continue;
      read += 1;
      const library = libraryValue(text);
      if (!isDeepStrictEqual(document.value, library)) throw new Error(`the JSON reader and the library differ on:\n${text}\nJSON reader: ${JSON.stringify(document.value)}\nlibrary: ${JSON.stringify(library)}`);
      const again = document.reread();
      expect(again).toEqual(document.value);
      expect(again === document.value && typeof again === 'object').toBe(false);
      for (const path of pathsIn(document.value)) {
        expect(document.positionOf(path), `${text}\nat ${JSON.stringify(path)}`).toEqual(wholeReadingPosition(text, 0, path));
      }
    }
    // Most generated texts are valid JSON with unique keys: the comparison ran on them.
    expect(read).toBeGreaterThan(1000);
  });

  it('keeps a __proto__ key as an entry, as the library does, without changing the prototype', () => {
    const document = readJsonDocument('{\n  "__proto__": {"polluted": true},\n  "a": 1\n}\n', DEFAULT_INPUT_LIMITS)!;
    expect(Object.keys(document.value as object)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(document.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the JSON reader: what it leaves to the library', () => {
  const leftToLibrary: Record<string, string> = {
    'a key repeated in one object': '{\n  "a": 1,\n  "b": {"c": 1, "c": 2}\n}\n',
    'a key repeated with escapes': '{\n  "a": 1,\n  "\\u0061": 2\n}\n',
    'YAML that is not JSON': '{\n  a: 1,\n}\n',
    'a trailing comma': '[\n  1,\n  2,\n]\n',
    'a comment after the root': '{\n  "a": 1\n}\n# done\n',
    'a second document': '{\n  "a": 1\n}\n---\n{"b": 2}\n',
    'tabs': '{\n\t"a": 1\n}\n',
    'a carriage return alone': '{\r  "a": 1\r}\r',
    'a byte-order mark': '\ufeff{\n  "a": 1\n}\n',
    'a Unicode line separator in a string': '{\n  "a": "x\u2028y"\n}\n',
    'a scalar root': '"just a string"\n',
  };
  for (const [name, text] of Object.entries(leftToLibrary)) {
    it(name, () => expect(readJsonDocument(text, DEFAULT_INPUT_LIMITS)).toBeUndefined());
  }

  it('a map or list nested past the limit', () => {
    const limits = { ...DEFAULT_INPUT_LIMITS, nestingDepth: 3 };
    expect(readJsonDocument('{\n  "a": [{"b": 1}]\n}\n', limits)).toBeDefined();
    expect(readJsonDocument('{\n  "a": [{"b": []}]\n}\n', limits)).toBeUndefined();
  });

  it('an Application past its components limit', () => {
    const limits = { ...DEFAULT_INPUT_LIMITS, components: 2 };
    const app = (count: number) => `{\n  "spec": {"components": [${Array.from({ length: count }, (_, index) => `{"name": "c${index}"}`).join(', ')}]}\n}\n`;
    expect(readJsonDocument(app(2), limits)).toBeDefined();
    expect(readJsonDocument(app(3), limits)).toBeUndefined();
  });
});

describe('parseSource on JSON over many lines', () => {
  it('refuses a repeated key where the library places it', () => {
    const diagnostic = firstDiagnostic(() => parseSource({ file: 'app.json', text: '{\n  "a": 1,\n  "b": {\n    "c": 1,\n    "c": 2\n  }\n}\n' }));
    expect(diagnostic).toMatchObject({ code: 'KUREL_YAML_SYNTAX', file: 'app.json', line: 5, column: 5 });
    expect(diagnostic.message).toBe('YAML syntax error: Map keys must be unique');
  });

  it('places a diagnostic at the key of the entry, with its path', () => {
    const [document] = parseSource({ file: 'app.json', text: '{\n  "spec": {\n    "components": [\n      {"name": "web", "type": "nope"}\n    ]\n  }\n}\n' });
    expect(document.at(['spec', 'components', 0, 'type'])).toEqual({ file: 'app.json', line: 4, column: 23, path: 'spec.components[0].type' });
    expect(document.toJS()).toEqual({ spec: { components: [{ name: 'web', type: 'nope' }] } });
  });
});
