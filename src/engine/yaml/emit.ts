import type { K8sObject } from '../../plugin-api/index.js';
import { encodeThroughDocument } from './emit-document.js';
import { writePlainDocument } from './emit-writer.js';

export { needsTypeQuoting } from './emit-scalars.js';
export { compareKeys } from './key-order.js';

const SERVER_FIELDS = ['managedFields', 'resourceVersion', 'uid', 'generation', 'selfLink'];
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * Drops what a server would fill in and empty annotation maps, as the reference's cleanup does.
 * Copies only the maps it changes: the rest of the object is shared, and never written to.
 */
export function clean(object: K8sObject): K8sObject {
  if (object.metadata === null || typeof object.metadata !== 'object') return object;
  const meta = { ...(object.metadata as Record<string, unknown>) };
  for (const key of SERVER_FIELDS) delete meta[key];
  if (meta.creationTimestamp === null) delete meta.creationTimestamp;
  if (meta.annotations) {
    const annotations = { ...(meta.annotations as Record<string, string>) };
    delete annotations[LAST_APPLIED];
    if (Object.keys(annotations).length === 0) delete meta.annotations;
    else meta.annotations = annotations;
  }
  if (meta.labels && Object.keys(meta.labels as object).length === 0) delete meta.labels;
  return { ...object, metadata: meta } as K8sObject;
}

/** One object as a YAML document: keys sorted, sequences at their key's indent, 1.1-safe quoting. */
export function encodeObject(object: K8sObject): string {
  const cleaned = clean(object);
  return writePlainDocument(cleaned as unknown as Record<string, unknown>) ?? encodeThroughDocument(structuredClone(cleaned));
}

/** A YAML stream: `---` only between documents, each ending with a newline. */
export function encodeStream(objects: readonly K8sObject[]): string {
  return objects.map(encodeObject).join('---\n');
}
