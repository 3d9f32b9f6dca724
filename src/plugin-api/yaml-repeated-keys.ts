import { isScalar, visit, type Document } from 'yaml';

/**
 * Whether a map of `document` holds a key twice, as the YAML library tells keys apart: a scalar
 * key by its value, any other by the node itself. The library's own check, made while it composes
 * (`uniqueKeys`), compares each key with every key before it: a map of 40,000 keys took 7 s.
 * Compose with `uniqueKeys: false`, ask this, and compose again with the check only where it
 * answers yes, for the library's refusal.
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
