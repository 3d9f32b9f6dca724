import { type HandlerContext, type K8sObject } from 'kurel/plugin-api';
import { hasRepeatedKey, isPlainObject, linkAliases, readYamlDocuments } from 'kurel/plugin-kit';
import { Composer, Parser, type Document, type DocumentOptions, type SchemaOptions } from 'yaml';

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

/** How Kubernetes tooling reads YAML: YAML 1.1 scalars, timestamps kept as strings. */
const KUBERNETES_YAML: DocumentOptions & SchemaOptions = {
  version: '1.1',
  customTags: (tags) => tags.filter((tag) => (typeof tag === 'string' ? tag : tag.tag) !== 'tag:yaml.org,2002:timestamp'),
};

/** Composed without the library's check of repeated keys, which compares each key with every one before it (see `hasRepeatedKey`). */
const UNCHECKED_KEYS = { ...KUBERNETES_YAML, uniqueKeys: false };

/** A multi-document YAML string as Kubernetes tooling reads it, each error told with its line and column, its aliases linked. */
export function parseYamlStream(text: string) {
  return readYamlDocuments(text, KUBERNETES_YAML);
}

/**
 * The documents of a multi-document YAML string as `parseYamlStream` reads them, one at a time:
 * each is composed after the one before is read, so that a long stream is not held whole. An
 * error's message is without the line and column `parseYamlStream` adds to it.
 */
function* streamYamlDocuments(text: string): Generator<Document.Parsed> {
  yield* new Composer(UNCHECKED_KEYS).compose(new Parser().parse(text));
}

/** Reads a multi-document YAML string into objects, a list document replaced by its items. */
export function readManifests(text: string, property: string, ctx: HandlerContext): DeclaredObject[] {
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
  let index = 0;
  for (const document of streamYamlDocuments(text)) {
    const where = `document ${index + 1}`;
    if (document.errors.length > 0 || hasRepeatedKey(document)) {
      // Read whole again, for the message with its line and column.
      const problem = parseYamlStream(text)[index].errors[0];
      // The YAML composer recurses per level: past its stack, it reports an engine failure, not the author's mistake.
      if (/call stack/i.test(problem.message)) ctx.fail(`${property}: ${where} nests maps or lists too deep to read`, [property]);
      ctx.fail(`${property}: ${where} is not valid YAML: ${problem.message}`, [property]);
    }
    index += 1;
    let value: unknown;
    try {
      linkAliases(document);
      value = document.toJS({ maxAliasCount: 100 });
    } catch {
      ctx.fail(`${property}: ${where}: its aliases expand past what a manifest may hold (the YAML library's limit of 100)`, [property]);
    }
    if (value !== null && value !== undefined) add(value, where);
  }
  return out;
}
