import { Document, isMap, isScalar, Scalar, visit, type Pair } from 'yaml';
import type { K8sObject } from '../../plugin-api/index.js';
import { needsTypeQuoting, isPlainSafe, WRITE_OPTIONS } from './emit-scalars.js';
import { compareKeys } from './key-order.js';

/**
 * One object as a YAML document through the yaml library's document model: keys sorted,
 * sequences at their key's indent, 1.1-safe quoting. The emitter's fallback for values that are
 * not plain data (a Date, a Map, a class instance), and the model its direct writer matches
 * byte for byte.
 */
export function encodeThroughDocument(object: K8sObject): string {
  const document = new Document(object, { keepUndefined: false, aliasDuplicateObjects: false });
  visit(document, {
    Map(_, map) {
      if (isMap(map)) map.items.sort((x: Pair, y: Pair) => compareKeys(keyText(x), keyText(y)));
    },
    Scalar(_, node) {
      if (typeof node.value !== 'string' || node.value.includes('\n')) return;
      if (needsTypeQuoting(node.value)) node.type = Scalar.QUOTE_DOUBLE;
      // go-yaml single-quotes a string that cannot be plain even when it holds a single quote
      // (doubling it); the yaml package would switch to double quotes there.
      else if (node.value.includes("'") && !node.value.includes('"') && !isPlainSafe(node.value)) node.type = Scalar.QUOTE_SINGLE;
    },
  });
  return document.toString(WRITE_OPTIONS);
}

function keyText(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}
