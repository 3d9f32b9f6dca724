import type { Node } from 'yaml';
import { kurelErrors } from '../../plugin-api/index.js';
import { describeValue, isPlainObject } from '../../plugin-api/kit/index.js';
import { ShapeReader } from '../documents/shape.js';
import { readDocument, type InputFile, type SourceDocument } from '../yaml/index.js';

/** The apiVersions of the KRM functions wire format (the specification's schema lists both). */
export const RESOURCE_LIST_API_VERSIONS = ['config.kubernetes.io/v1', 'config.kubernetes.io/v1beta1'] as const;

/** A ResourceList read from standard input: its document, kept whole so that the items go back out as they came in. */
export interface ResourceList {
  input: InputFile;
  source: SourceDocument;
  apiVersion: string;
  /** The functionConfig's value, when the list has one. */
  functionConfig?: Record<string, unknown>;
}

/**
 * Reads a KRM functions ResourceList: one YAML document of kind ResourceList, `items` a list of
 * objects, `functionConfig` an object when present. Each refusal names the node it is about.
 */
export function readResourceList(input: InputFile): ResourceList {
  const source = readDocument(input, 'a ResourceList');
  const reader = new ShapeReader(source);
  const root = source.peek();
  if (!isPlainObject(root)) return reader.fail([], `expected a ResourceList (apiVersion ${RESOURCE_LIST_API_VERSIONS[0]}), got ${describeValue(root)}`);
  const apiVersion = root.apiVersion;
  if (root.kind !== 'ResourceList') reader.fail(['kind'], `expected kind ResourceList, the KRM functions input, got ${JSON.stringify(root.kind ?? null)}`);
  if (typeof apiVersion !== 'string' || !(RESOURCE_LIST_API_VERSIONS as readonly string[]).includes(apiVersion)) {
    reader.fail(['apiVersion'], `unsupported apiVersion ${JSON.stringify(apiVersion ?? null)} of a ResourceList, expected one of ${RESOURCE_LIST_API_VERSIONS.join(', ')}`);
  }
  if (root.items === undefined) reader.fail([], 'a ResourceList needs "items", the list of objects the function reads (empty: items: [])');
  const items = reader.optionalList(root.items, ['items']);
  items.forEach((item, index) => {
    if (!isPlainObject(item)) reader.fail(['items', index], `expected an object, got ${describeValue(item)}`);
  });
  const functionConfig = root.functionConfig ?? undefined;
  if (functionConfig !== undefined && !isPlainObject(functionConfig)) reader.fail(['functionConfig'], `expected an object, got ${describeValue(functionConfig)}`);
  return { input, source, apiVersion: apiVersion as string, functionConfig: functionConfig as Record<string, unknown> | undefined };
}

/**
 * The part of the list's text that holds the node at `path`, at the line and column it has in the
 * list: everything else is blanked, newlines kept. A document read from it (the functionConfig's
 * Application, the KurelPackage's `spec.set`) is placed where the user sees it on standard input.
 */
export function isolatedText(list: ResourceList, path: readonly (string | number)[]): InputFile {
  const node = list.source.document.getIn(path, true) as Node | undefined;
  if (!node?.range) throw kurelErrors.internal(`no source range for ${path.join('.')}`);
  const [start, , end] = node.range;
  const text = list.input.text;
  const blank = (part: string) => part.replace(/[^\r\n]/g, ' ');
  // A block map's range starts at its first key: the indentation before it is blanked with the rest.
  const isolated = blank(text.slice(0, start)) + text.slice(start, end) + blank(text.slice(end));
  return { file: list.input.file, text: isolated, limits: list.input.limits };
}
