import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { encodeStream } from '../../../src/engine/emit.js';
import { readWrittenStream } from '../../../src/engine/written-stream.js';
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
