import { sortKeys } from './key-order.js';
import { writeNumber, writeString } from './emit-scalars.js';

/**
 * Writes plain data (maps, lists, strings, numbers, booleans, null) as one block-style YAML
 * document, straight to text: the same bytes the yaml library's document writer gives under
 * kurel's options (keys sorted, sequences at their key's indent), without building a node per
 * value first. Returns undefined for anything else (a Date, a Map, a class instance, a key too
 * long to write as an implicit key), which the caller writes through the library's documents.
 */
export function writePlainDocument(root: Record<string, unknown>): string | undefined {
  try {
    return `${writeMap(root, '')}\n`;
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
}

const NOT_PLAIN = Symbol('not plain data');
const INDENT_STEP = '  ';
// The library writes a longer key as an explicit `? key` entry.
const MAX_IMPLICIT_KEY = 1024;

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A map's entries, one per line, the first without its indent (the caller places it). */
function writeMap(map: Record<string, unknown>, indent: string): string {
  let keys = Object.keys(map);
  if (keys.some((key) => map[key] === undefined)) keys = keys.filter((key) => map[key] !== undefined);
  if (keys.length === 0) return '{}';
  sortKeys(keys);
  const childIndent = indent + INDENT_STEP;
  let text = '';
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) text += `\n${indent}`;
    text += writeEntry(keys[i], map[keys[i]], childIndent);
  }
  return text;
}

/** One `key: value`; `childIndent` is where the entry's nested lines start. */
function writeEntry(key: string, value: unknown, childIndent: string): string {
  const written = writeString(key, childIndent, true);
  if (written.length > MAX_IMPLICIT_KEY) throw NOT_PLAIN;
  if (Array.isArray(value)) {
    // A sequence's dashes stand at its key's indent.
    const seqIndent = childIndent.slice(INDENT_STEP.length);
    return value.length === 0 ? `${written}: []` : `${written}:\n${seqIndent}${writeSeq(value, seqIndent)}`;
  }
  if (value !== null && typeof value === 'object') {
    if (!isPlainObject(value)) throw NOT_PLAIN;
    const nested = writeMap(value, childIndent);
    return nested === '{}' ? `${written}: {}` : `${written}:\n${childIndent}${nested}`;
  }
  const scalar = writeScalar(value, childIndent);
  return scalar === '' || scalar[0] === '\n' ? `${written}:${scalar}` : `${written}: ${scalar}`;
}

/** A sequence's items, `- ` each, the first without its indent. */
function writeSeq(items: readonly unknown[], indent: string): string {
  const itemIndent = indent + INDENT_STEP;
  let text = '';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) text += `\n${indent}`;
    text += `- ${writeItem(items[i], itemIndent)}`;
  }
  return text;
}

function writeItem(item: unknown, indent: string): string {
  if (Array.isArray(item)) return item.length === 0 ? '[]' : writeSeq(item, indent);
  if (item !== null && typeof item === 'object') {
    if (!isPlainObject(item)) throw NOT_PLAIN;
    return writeMap(item, indent);
  }
  return writeScalar(item, indent);
}

function writeScalar(value: unknown, indent: string): string {
  switch (typeof value) {
    case 'string':
      return writeString(value, indent, false);
    case 'number':
    case 'bigint':
      return writeNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return 'null';
    default:
      if (value === null) return 'null';
      throw NOT_PLAIN;
  }
}
