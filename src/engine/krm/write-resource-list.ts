import { Document, isCollection, isSeq, parseAllDocuments, type YAMLSeq } from 'yaml';
import { RESOURCE_LIST_API_VERSIONS, type ResourceList } from './resource-list.js';
import type { KrmResult } from './results.js';

/**
 * The function's output: the list read, its items as they came (comments kept, as the
 * specification asks of a function), then the objects built, and the results after any the list
 * held. Where no list could be read, an empty one carrying the results. A list read as JSON (a
 * flow map at the top) is answered in JSON, as the specification asks the output to match.
 */
export function writeResourceList(list: ResourceList | undefined, builtYaml: string, results: readonly KrmResult[]): string {
  const document = list ? list.source.document.clone() : new Document({ apiVersion: RESOURCE_LIST_API_VERSIONS[0], kind: 'ResourceList', items: [] });
  let items = document.get('items', true);
  if (!isSeq(items)) {
    items = document.createNode([]);
    document.set('items', items);
  }
  // Block style, as kurel writes objects, even where the list was written `items: []`.
  (items as YAMLSeq).flow = false;
  // The built objects as kurel writes them: each scalar keeps the quoting that keeps it a string.
  for (const built of parseAllDocuments(builtYaml)) {
    if (built.contents !== null) (items as YAMLSeq).items.push(built.contents);
  }
  if (results.length > 0) {
    const earlier = document.get('results', true);
    const all = isSeq(earlier) ? [...earlier.items, ...results.map((result) => document.createNode(result))] : results;
    document.set('results', document.createNode(all));
  }
  const root = document.contents;
  if (isCollection(root) && root.flow) return `${JSON.stringify(document.toJS(), null, 2)}\n`;
  return document.toString({ lineWidth: 0 });
}
