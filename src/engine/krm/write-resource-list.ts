import { Document, isSeq, parseAllDocuments, type YAMLSeq } from 'yaml';
import { RESOURCE_LIST_API_VERSIONS, type ResourceList } from './resource-list.js';
import type { KrmResult } from './results.js';

/**
 * The function's output: the list read, its items as they came (comments kept, as the
 * specification asks of a function), then the objects built, and the results after any the list
 * held. Where no list could be read, an empty one carrying the results.
 */
export function writeResourceList(list: ResourceList | undefined, builtYaml: string, results: readonly KrmResult[]): string {
  const document = list ? list.source.document.clone() : new Document({ apiVersion: RESOURCE_LIST_API_VERSIONS[0], kind: 'ResourceList', items: [] });
  let items = document.get('items', true);
  if (!isSeq(items)) {
    items = document.createNode([]);
    document.set('items', items);
  }
  // The built objects as kurel writes them: each scalar keeps the quoting that keeps it a string.
  for (const built of parseAllDocuments(builtYaml)) {
    if (built.contents !== null) (items as YAMLSeq).items.push(built.contents);
  }
  if (results.length > 0) {
    const earlier = document.get('results', true);
    const all = isSeq(earlier) ? [...earlier.items, ...results.map((result) => document.createNode(result))] : results;
    document.set('results', document.createNode(all));
  }
  return document.toString({ lineWidth: 0 });
}
