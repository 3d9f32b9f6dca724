import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { encodeStream } from '../../../src/engine/yaml/emit.js';
import { readWrittenStream, writtenObjects } from '../../../src/engine/yaml/written-stream.js';
import type { K8sObject } from '../../../src/plugin-api/index.js';
import { documents } from './yaml-arbitraries.js';

// The library's reading is watched, to tell which of the two readings answered.
vi.mock('yaml', async (importOriginal) => {
  const yaml = await importOriginal<typeof import('yaml')>();
  return { ...yaml, parseAllDocuments: vi.fn(yaml.parseAllDocuments) };
});
const libraryReads = vi.mocked(parseAllDocuments);
beforeEach(() => libraryReads.mockClear());

const libraryReading = (stream: string) => parseAllDocuments(stream).map((document) => document.toJS() as unknown);

describe('readWrittenStream', () => {
  it('reads back a stream the build wrote as the yaml library reads it', () => {
    fc.assert(
      fc.property(fc.array(documents, { minLength: 1, maxLength: 4 }), (objects) => {
        const stream = encodeStream(objects as K8sObject[]);
        expect(readWrittenStream(stream)).toEqual(libraryReading(stream));
      }),
      { numRuns: 500 },
    );
  });

  it('reads back more documents than an input file may hold without the library', () => {
    const many = Array.from({ length: 1_500 }, (_, index) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${index}`, labels: { app: 'web' } }, data: { text: 'two\nlines', port: '8080' } }));
    const stream = encodeStream(many as K8sObject[]);
    libraryReads.mockClear();
    expect(readWrittenStream(stream)).toEqual(many);
    expect(libraryReads).not.toHaveBeenCalled();
  });

  it("leaves to the library a stream the block reader does not read, with the library's answer", () => {
    const stream = '%YAML 1.2\n---\nkind: Set\nitems: !!set {a, b}\n';
    const read = readWrittenStream(stream);
    expect(libraryReads).toHaveBeenCalledTimes(1);
    expect(read).toEqual(libraryReading(stream));
    expect(read[0]).toMatchObject({ kind: 'Set' });
  });
});

describe('writtenObjects', () => {
  // As JSON text: the List is written so, and the text holds the order of each map's keys.
  const asJson = (value: unknown) => JSON.stringify(value, null, 2);
  const readBack = (objects: readonly K8sObject[]) => asJson(readWrittenStream(encodeStream(objects)));
  const metadata = fc.record(
    {
      name: fc.constantFrom('web', 'b', '0'),
      labels: fc.dictionary(fc.constantFrom('app', 'tier', '1'), fc.constantFrom('web', 'yes', '')),
      annotations: fc.dictionary(fc.constantFrom('kubectl.kubernetes.io/last-applied-configuration', 'note', 'b'), fc.constantFrom('{}', 'x')),
      managedFields: fc.constant([{ manager: 'kubectl' }]),
      resourceVersion: fc.constant('12'),
      creationTimestamp: fc.constantFrom(null, '2024-01-01T00:00:00Z'),
    },
    { requiredKeys: [] },
  );

  it('lists the objects as the stream written of them reads back, each map in its written order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(documents, metadata), { minLength: 1, maxLength: 4 }), (pairs) => {
        const objects = pairs.map(([document, meta]) => ({ ...document, metadata: meta }) as unknown as K8sObject);
        expect(asJson(writtenObjects(objects))).toBe(readBack(objects));
      }),
      { numRuns: 500 },
    );
  });

  it('lists each object cleaned as it is written, its keys sorted and the undefined left out', () => {
    const object = { spec: { b: 1, a: undefined, A: [undefined, 'x'] }, kind: 'Service', apiVersion: 'v1', metadata: { uid: 'u-1', name: 'web', labels: {}, annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{}' } } };
    const [listed] = writtenObjects([object as unknown as K8sObject]);
    expect(asJson(listed)).toBe(asJson({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { A: [null, 'x'], b: 1 } }));
    expect(object.metadata.uid).toBe('u-1');
  });

  it('writes and reads back, in their places among the others, the objects that are not plain data or hold lines', () => {
    const objects = [
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'plain' }, data: { a: '1' } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dated' }, data: { when: new Date(Date.UTC(2024, 0, 2)) } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'blank-lines' }, data: { blank: '  \n' } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'counted' }, data: { count: 12345678901234567890n } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'mapped' }, data: new Map([['b', '1']]) },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'last' }, data: { z: 'x' } },
    ] as unknown as K8sObject[];
    const listed = writtenObjects(objects);
    expect(asJson(listed)).toBe(readBack(objects));
    expect(listed.map((object) => (object as K8sObject).metadata.name)).toEqual(['plain', 'dated', 'blank-lines', 'counted', 'mapped', 'last']);
    expect(listed[3]).toMatchObject({ data: { count: 12345678901234567000 } });
  });
});
