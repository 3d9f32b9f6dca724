import { parseAllDocuments } from 'yaml';
import type { K8sObject } from '../../plugin-api/index.js';
import { readBlockValues } from './block-yaml.js';
import { clean, encodeStream } from './emit.js';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from './input-limits.js';
import { writtenCopy } from './written-copy.js';

// A build's own output is no input to guard against: the block reader keeps only to the nesting
// its stack allows, and leaves anything deeper to the library.
const WRITTEN_LIMITS: Readonly<InputLimits> = Object.freeze({ ...DEFAULT_INPUT_LIMITS, fileBytes: Infinity, aliasNodes: Infinity, documents: Infinity, components: Infinity });

/**
 * The objects of the YAML stream a build wrote, read back as the yaml library reads them: by the
 * block reader, which reads the block style builds are written in without building the
 * library's nodes, or by the library where the reader leaves the text to it. The reader passes over an empty document, which the library reads
 * as null; a build writes none.
 */
export function readWrittenStream(stream: string): unknown[] {
  return readBlockValues(stream, WRITTEN_LIMITS) ?? parseAllDocuments(stream).map((document) => document.toJS() as unknown);
}

/**
 * A build's objects as the stream `writeObjects` writes of them reads back, without writing it:
 * what `build --format json` lists, so that both formats hold the same objects. Plain data is
 * copied as it is written (`writtenCopy`); the objects that are not are written and read back,
 * as one stream (a reading of each alone costs more than one of them all). Plain data needs no
 * round trip through text.
 */
export function writtenObjects(objects: readonly K8sObject[]): unknown[] {
  const listed: unknown[] = objects.map((object) => writtenCopy(clean(object) as unknown as Record<string, unknown>));
  const unread = objects.filter((_, index) => listed[index] === undefined);
  if (unread.length === 0) return listed;
  const readBack = readWrittenStream(encodeStream(unread));
  let next = 0;
  return listed.map((copy) => copy ?? readBack[next++]);
}
