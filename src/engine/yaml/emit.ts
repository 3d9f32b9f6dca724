import type { K8sObject } from '../../plugin-api/index.js';
import { encodeThroughDocument } from './emit-document.js';
import { writePlainDocument } from './emit-writer.js';

export { needsTypeQuoting } from './emit-scalars.js';
export { compareKeys } from './key-order.js';

const SERVER_FIELDS = ['managedFields', 'resourceVersion', 'uid', 'generation', 'selfLink'];
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * Drops what a server would fill in and empty annotation maps, as the reference's cleanup does:
 * in the object's metadata and in its pod and job templates' (`spec.template`, `spec.jobTemplate`,
 * `spec.jobTemplate.spec.template`), and a status holding nothing.
 * Copies only the maps it changes: the rest of the object is shared, and never written to.
 */
export function clean(object: K8sObject): K8sObject {
  if (object.metadata === null || typeof object.metadata !== 'object') return object;
  const meta = cleanMetadata(object.metadata as Record<string, unknown>);
  if (meta.labels && Object.keys(meta.labels as object).length === 0) delete meta.labels;
  const cleaned: Record<string, unknown> = { ...object, metadata: meta };
  if ('status' in cleaned && (cleaned.status === null || (isMap(cleaned.status) && deepEmpty(cleaned.status)))) delete cleaned.status;
  let spec = cleaned.spec;
  for (const path of TEMPLATES) spec = withTemplateCleaned(spec, path);
  if (spec !== cleaned.spec) cleaned.spec = spec;
  return cleaned as K8sObject;
}

function cleanMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const meta = { ...metadata };
  for (const key of SERVER_FIELDS) delete meta[key];
  if (meta.creationTimestamp === null) delete meta.creationTimestamp;
  if (isMap(meta.annotations)) {
    const annotations = { ...meta.annotations };
    delete annotations[LAST_APPLIED];
    if (Object.keys(annotations).length === 0) delete meta.annotations;
    else meta.annotations = annotations;
  }
  return meta;
}

/** The templates under `spec` whose metadata the reference cleans too (a typed object prints `creationTimestamp: null` there). */
const TEMPLATES = [['template'], ['jobTemplate'], ['jobTemplate', 'spec', 'template']];

/** `value` with the metadata at `<path>.metadata` cleaned, copying only the maps on the way; as it is when nothing changes. */
function withTemplateCleaned(value: unknown, path: string[]): unknown {
  if (!isMap(value)) return value;
  if (path.length === 0) {
    if (!isMap(value.metadata)) return value;
    const metadata = cleanMetadata(value.metadata);
    return sameMap(metadata, value.metadata) ? value : { ...value, metadata };
  }
  const [head, ...tail] = path;
  const inner = withTemplateCleaned(value[head], tail);
  return inner === value[head] ? value : { ...value, [head]: inner };
}

/** The same keys, each holding the same value. */
function sameMap(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** A map holding only zero values (null, "", 0, false, an empty list) and such maps: a status the reference leaves out. */
function deepEmpty(map: Record<string, unknown>): boolean {
  return Object.values(map).every((value) => {
    if (isMap(value)) return deepEmpty(value);
    if (Array.isArray(value)) return value.length === 0;
    return value === null || value === '' || value === 0 || value === false;
  });
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
