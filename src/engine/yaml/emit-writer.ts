import { isDataMap } from '../../plugin-api/kit/copy-data.js';
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
  // Written as a list of parts joined once: a flat string, where text built by concatenation is a
  // tree of pieces the collector copies until something flattens it.
  const parts: string[] = [];
  try {
    writeMap(parts, root, '');
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
  parts.push('\n');
  return parts.join('');
}

const NOT_PLAIN = Symbol('not plain data');
const INDENT_STEP = '  ';
// By depth: the indent, a line break and the indent, and that with a list item's dash.
const INDENTS: string[] = [''];
const LINE_STARTS: string[] = [];
const ITEM_STARTS: string[] = [];

/** The indent one step in from `indent`, one string per depth. */
function deeper(indent: string): string {
  const level = indent.length / INDENT_STEP.length + 1;
  return (INDENTS[level] ??= INDENT_STEP.repeat(level));
}

/** A line break and `indent`, one string per depth: a part fewer to join for every line. */
function lineStart(indent: string): string {
  return (LINE_STARTS[indent.length / INDENT_STEP.length] ??= `\n${indent}`);
}

/** A line break, `indent` and a list item's dash. */
function itemStart(indent: string): string {
  return (ITEM_STARTS[indent.length / INDENT_STEP.length] ??= `\n${indent}- `);
}

// The library writes a longer key as an explicit `? key` entry.
const MAX_IMPLICIT_KEY = 1024;

/** The keys a map is written with: those whose value is not undefined, sorted. */
export function writtenKeys(map: Record<string, unknown>): string[] {
  let keys = Object.keys(map);
  if (keys.some((key) => map[key] === undefined)) keys = keys.filter((key) => map[key] !== undefined);
  sortKeys(keys);
  return keys;
}

/** A map's entries, one per line, the first without its indent (the caller places it). */
function writeMap(parts: string[], map: Record<string, unknown>, indent: string): void {
  writeEntries(parts, map, writtenKeys(map), indent);
}

function writeEntries(parts: string[], map: Record<string, unknown>, keys: readonly string[], indent: string): void {
  if (keys.length === 0) {
    parts.push('{}');
    return;
  }
  const childIndent = deeper(indent);
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) parts.push(lineStart(indent));
    writeEntry(parts, keys[i], map[keys[i]], indent, childIndent);
  }
}

/** One `key: value` of a map at `indent`; `childIndent` is where the entry's nested lines start. */
function writeEntry(parts: string[], key: string, value: unknown, indent: string, childIndent: string): void {
  const written = writeString(key, childIndent, true);
  if (written.length > MAX_IMPLICIT_KEY) throw NOT_PLAIN;
  if (Array.isArray(value)) {
    // A sequence's dashes stand at its key's indent.
    if (value.length === 0) {
      parts.push(written, ': []');
      return;
    }
    parts.push(written, ':', lineStart(indent));
    writeSeq(parts, value, indent);
    return;
  }
  if (value !== null && typeof value === 'object') {
    if (!isDataMap(value)) throw NOT_PLAIN;
    const keys = writtenKeys(value);
    if (keys.length === 0) {
      parts.push(written, ': {}');
      return;
    }
    parts.push(written, ':', lineStart(childIndent));
    writeEntries(parts, value, keys, childIndent);
    return;
  }
  const scalar = writeScalar(value, childIndent);
  parts.push(written, scalar === '' || scalar[0] === '\n' ? ':' : ': ', scalar);
}

/** A sequence's items, `- ` each, the first without its indent. */
function writeSeq(parts: string[], items: readonly unknown[], indent: string): void {
  const itemIndent = deeper(indent);
  for (let i = 0; i < items.length; i++) {
    parts.push(i > 0 ? itemStart(indent) : '- ');
    writeItem(parts, items[i], itemIndent);
  }
}

function writeItem(parts: string[], item: unknown, indent: string): void {
  if (Array.isArray(item)) {
    if (item.length === 0) parts.push('[]');
    else writeSeq(parts, item, indent);
    return;
  }
  if (item !== null && typeof item === 'object') {
    if (!isDataMap(item)) throw NOT_PLAIN;
    writeMap(parts, item, indent);
    return;
  }
  parts.push(writeScalar(item, indent));
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
