import { isScalar, parseAllDocuments, visit, type Document, type DocumentOptions, type EmptyStream, type ParseOptions, type SchemaOptions } from 'yaml';
import { linkAliases } from './yaml-aliases.js';

/**
 * Whether a map of `document` holds a key twice, as the YAML library tells keys apart: a scalar
 * key by its value, any other by the node itself. The library's own check, made while it composes
 * (`uniqueKeys`), compares each key with every key before it: quadratic in a map's size.
 * Compose with `uniqueKeys: false`, ask this, and compose again with the check only where it
 * answers yes, for the library's refusal (`readYamlDocuments`).
 */
export function hasRepeatedKey(document: Document.Parsed): boolean {
  let repeated = false;
  visit(document, {
    Map: (_key, map) => {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        const value = isScalar(key) ? key.value : key;
        // The library compares values with `===`, by which NaN is no key NaN repeats.
        if (Number.isNaN(value)) continue;
        if (seen.has(value)) {
          repeated = true;
          return visit.BREAK;
        }
        seen.add(value);
      }
      return undefined;
    },
  });
  return repeated;
}

/**
 * The documents of `text` as `parseAllDocuments(text, options)` gives them, in time linear in its
 * size: composed without the library's check of repeated keys, and composed again with it only
 * where a key is repeated, for the library's own refusal; each document's aliases linked
 * (`linkAliases`). A line counter in `options` counts the lines of the first reading.
 */
export function readYamlDocuments(text: string, options: ParseOptions & DocumentOptions & SchemaOptions = {}): Document.Parsed[] | EmptyStream {
  // Keys compared the caller's own way, or not at all, are the library's to compare.
  const checked = options.uniqueKeys === undefined || options.uniqueKeys === true;
  let documents = parseAllDocuments(text, checked ? { ...options, uniqueKeys: false } : options);
  if (checked && Array.from(documents).some(hasRepeatedKey)) documents = parseAllDocuments(text, { ...options, lineCounter: undefined });
  for (const document of documents) linkAliases(document);
  return documents;
}
