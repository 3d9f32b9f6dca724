import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, parseDocument, stringify, type Node } from 'yaml';
import { readDocuments, writeObject, writeObjects } from '../../src/engine/yaml/index.js';
import { encodeThroughDocument } from '../../src/engine/yaml/emit-document.js';
import type { K8sObject } from '../../src/plugin-api/index.js';
import { documents } from '../unit/engine/yaml-arbitraries.js';

// The YAML room's interface against the `yaml` library, on generated documents: whichever reader
// answers (the block reader, JSON.parse, the library) a text reads to the library's values and
// places every node where the library places it; whichever writer answers, the bytes are those of
// the writer that goes through the library's document.

/** The ways a document is written by the tools kurel's users use: kurel, the library in block and flow style, JSON tools. */
const renderings: Record<string, (value: Record<string, unknown>) => string> = {
  kurel: (value) => writeObject(value as K8sObject),
  block: (value) => stringify(value),
  flow: (value) => stringify(value, { collectionStyle: 'flow' }),
  json: (value) => `${JSON.stringify(value, null, 2)}\n`,
};

type Path = Array<string | number>;

/** Every node of the library's document with a string or index path, and where the library places it (a map entry at its key). */
function libraryPlaces(text: string): Array<{ path: Path; line: number; column: number }> {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  const places: Array<{ path: Path; line: number; column: number }> = [];
  const visit = (node: unknown, path: Path) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key) || typeof pair.key.value !== 'string' || !pair.key.range) continue;
        const key = pair.key.value;
        // The first entry of a key is the one a path names.
        if (node.items.find((other) => isScalar(other.key) && other.key.value === key) !== pair) continue;
        const { line, col } = lines.linePos(pair.key.range[0]);
        places.push({ path: [...path, key], line, column: col });
        visit(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        const range = (item as Node | null)?.range;
        if (!range) return;
        const { line, col } = lines.linePos(range[0]);
        places.push({ path: [...path, index], line, column: col });
        visit(item, [...path, index]);
      });
    }
  };
  visit(document.contents, []);
  return places;
}

describe('the YAML room, against the yaml library', () => {
  for (const [name, render] of Object.entries(renderings)) {
    it(`reads a document written ${name === 'kurel' ? 'by kurel' : `as ${name}`} to the library's values, each node placed where the library places it`, () => {
      fc.assert(
        fc.property(documents, (value) => {
          const text = render(value);
          const library = parseAllDocuments(text, { uniqueKeys: false });
          if (library.some((document) => document.errors.length > 0)) return;
          const read = readDocuments({ file: 'generated.yaml', text });
          expect(read.map((document) => document.toJS())).toEqual(library.map((document) => document.toJS({ maxAliasCount: -1 })));
          // A fresh reading for the places: one whose values were handed out answers from the library.
          const [placing] = readDocuments({ file: 'generated.yaml', text });
          for (const { path, line, column } of libraryPlaces(text)) expect(placing.locate(path), `${JSON.stringify(path)} in\n${text}`).toEqual({ line, column });
        }),
        { numRuns: 300, seed: 20261206 },
      );
    });
  }

  it('writes every generated document as the writer through the library document writes it', () => {
    fc.assert(
      fc.property(fc.array(documents, { minLength: 1, maxLength: 3 }), (values) => {
        const objects = values as unknown as K8sObject[];
        expect(writeObjects(objects)).toBe(objects.map((object) => encodeThroughDocument(structuredClone(object))).join('---\n'));
      }),
      { numRuns: 500, seed: 20261206 },
    );
  });
});
