import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeThroughDocument } from '../../../src/engine/yaml/emit-document.js';
import { encodeObject, encodeStream } from '../../../src/engine/yaml/emit.js';
import { writePlainDocument } from '../../../src/engine/yaml/emit-writer.js';
import { compareKeys, compareKeysByCodePoint } from '../../../src/engine/yaml/key-order.js';
import type { K8sObject } from '../../../src/plugin-api/index.js';
import { documents, scalarText } from './yaml-arbitraries.js';

// The direct writer must give the bytes the yaml library's document writer gives for the same
// data under the same options: compared here on generated data (yaml-arbitraries.ts).

describe('writePlainDocument', () => {
  it('writes the bytes the yaml library writes for the same data', () => {
    fc.assert(
      fc.property(documents, (data) => {
        expect(writePlainDocument(data)).toBe(encodeThroughDocument(data as K8sObject));
      }),
      { numRuns: 3000 },
    );
  });

  it('orders keys as the library does where the key order is not transitive', () => {
    // a1e3 < a01 (one digit before two), a01 < a10 (1 < 10), a10 < a1e3 (a letter after a digit).
    for (const keys of [['a01', '', 'a10', 'a1e3'], ['a1e3', 'a10', 'a01'], ['a10', 'a01', 'a1e3', 'b', 'a']]) {
      const data = { a: Object.fromEntries(keys.map((key, index) => [key, index])) };
      expect(writePlainDocument(data)).toBe(encodeThroughDocument(data as unknown as K8sObject));
    }
  });

  it('writes what the library writes for keys and values at the first level and deeper', () => {
    fc.assert(
      fc.property(scalarText, scalarText, (k, v) => {
        for (const data of [{ [k]: v }, { top: { [k]: v } }, { list: [v, { [k]: [v] }] }, { list: [[v, [v]]] }]) {
          expect(writePlainDocument(data)).toBe(encodeThroughDocument(data as unknown as K8sObject));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves to the library what is not plain data, and a key too long to write in place', () => {
    expect(writePlainDocument({ at: new Date(0) })).toBeUndefined();
    expect(writePlainDocument({ list: [new Map([['a', 1]])] })).toBeUndefined();
    expect(writePlainDocument({ ['k'.repeat(1100)]: 1 })).toBeUndefined();
  });

  it('writes a stream as its documents one by one, the library writing those that are not plain data', () => {
    const objects = [
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'yes' } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b', annotations: { at: new Date(0) } }, data: { list: [] } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: {} },
    ] as unknown as K8sObject[];
    expect(encodeStream(objects)).toBe(objects.map((object) => encodeObject(object)).join('---\n'));
    expect(encodeStream(objects)).toContain('at: "1970-01-01T00:00:00.000Z"\n');
    expect(encodeStream([])).toBe('');
  });
});

describe('compareKeys', () => {
  it('orders ASCII keys as the code-point definition orders them', () => {
    const text = fc.string({ maxLength: 8, unit: fc.constantFrom('a', 'B', 'z', 'Z', '0', '1', '9', '-', '.', '/', '~', '_') });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(compareKeys(a, b))).toBe(Math.sign(compareKeysByCodePoint(a, b)));
      }),
      { numRuns: 5000 },
    );
  });
});
