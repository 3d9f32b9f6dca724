import { isPlainObject, type HandlerContext, type K8sObject } from 'kurel/plugin-api';
import { parseAllDocuments } from 'yaml';

// Objects an author declares as they are: read as Kubernetes tooling reads YAML (1.1 scalars,
// timestamps kept as strings), and a list standing for its items.

/** Whether an object is a list envelope (`kind: …List` holding `items`). */
export function isList(object: Record<string, unknown>): boolean {
  return typeof object.kind === 'string' && object.kind.endsWith('List') && Array.isArray(object.items);
}

/** Checks the identity of a declared object: apiVersion, kind, and a metadata map. */
export function checkIdentity(object: Record<string, unknown>, where: string, path: (string | number)[], ctx: HandlerContext): void {
  for (const key of ['apiVersion', 'kind']) {
    if (typeof object[key] !== 'string' || object[key] === '') ctx.fail(`${where}: "${key}" is required and must be a string`, path);
  }
  if (object.metadata !== undefined && object.metadata !== null && !isPlainObject(object.metadata)) ctx.fail(`${where}: "metadata" must be a map`, path);
}

export interface DeclaredObject {
  object: K8sObject;
  /** Where it was declared, for messages: `document 2`, `document 2, item 1`. */
  where: string;
}

/** A multi-document YAML string as Kubernetes tooling reads it: YAML 1.1 scalars, timestamps kept as strings. */
export function parseYamlStream(text: string) {
  return parseAllDocuments(text, {
    version: '1.1',
    customTags: (tags) => tags.filter((tag) => (typeof tag === 'string' ? tag : tag.tag) !== 'tag:yaml.org,2002:timestamp'),
  });
}

/** Reads a multi-document YAML string into objects, a list document replaced by its items. */
export function readManifests(text: string, property: string, ctx: HandlerContext): DeclaredObject[] {
  const documents = parseYamlStream(text);
  const out: DeclaredObject[] = [];
  const add = (value: unknown, where: string) => {
    if (!isPlainObject(value)) ctx.fail(`${property}: ${where} is not a map`, [property]);
    const object = value as Record<string, unknown>;
    if (isList(object)) {
      (object.items as unknown[]).forEach((item, index) => add(item, `${where}, item ${index + 1}`));
      return;
    }
    checkIdentity(object, `${property}: ${where}`, [property], ctx);
    const metadata = (object.metadata ?? {}) as Record<string, unknown>;
    if (typeof metadata.name !== 'string' || metadata.name === '') ctx.fail(`${property}: ${where} (${String(object.kind)}) has no metadata.name`, [property]);
    out.push({ object: { ...object, metadata } as K8sObject, where });
  };
  if (!Array.isArray(documents)) return out;
  documents.forEach((document, index) => {
    const where = `document ${index + 1}`;
    const problem = document.errors[0];
    if (problem) ctx.fail(`${property}: ${where} is not valid YAML: ${problem.message}`, [property]);
    const value = document.toJS({ maxAliasCount: 100 });
    if (value !== null && value !== undefined) add(value, where);
  });
  return out;
}
