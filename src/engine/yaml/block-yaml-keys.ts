import { COLON, isOutside, isStringKey, outside, readableKey, readQuoted, SPACE, startsPlain, TAB, trimWhite } from './block-yaml-scalars.js';

// The block reader's keys (`block-yaml.ts`): a string key, its `:`, and where its value starts; and
// the `-` that starts a list entry.

/** The key and its `:` that start at `column`, if one does (else undefined, not a way out). */
export function keyAt(text: string, column: number): { key: string; end: number } | undefined {
  // Most list items that are not maps hold no `: ` at all: answered without trying to read a key.
  const first = text[column];
  if (first !== '"' && first !== "'" && keyColon(text, column) === -1) return undefined;
  try {
    return readKey(text, column);
  } catch (error) {
    if (isOutside(error)) return undefined;
    throw error;
  }
}

/** Whether a space or a tab is at `column`: either separates a key's `:` from its value. */
export function isWhite(text: string, column: number): boolean {
  const code = text.charCodeAt(column);
  return code === SPACE || code === TAB;
}

/** Where the first `:` before a space, a tab or the end of the line is, from `from` on; -1 where none is. */
function keyColon(text: string, from: number): number {
  for (let at = text.indexOf(':', from); at !== -1; at = text.indexOf(':', at + 1)) {
    if (at + 1 === text.length || isWhite(text, at + 1)) return at;
  }
  return -1;
}

/** A string key at `column` and its `:`; `end` is where its value starts, after spaces and tabs. */
export function readKey(text: string, column: number): { key: string; end: number } {
  const first = text[column];
  let key: string;
  let after: number;
  if (first === '"' || first === "'") {
    ({ value: key, end: after } = readQuoted(text, column));
  } else {
    if (!startsPlain(text, column)) outside();
    after = keyColon(text, column + 1);
    if (after === -1) outside();
    key = trimWhite(text.slice(column, after));
    // A comment or a flow indicator inside the key is the library's to read.
    if (/ #|[[\]{},\t]/.test(key) || !isStringKey(key)) outside();
  }
  if (text.charCodeAt(after) !== COLON || (after + 1 < text.length && !isWhite(text, after + 1))) outside();
  let end = after + 1;
  while (end < text.length && isWhite(text, end)) end++;
  return { key: readableKey(key), end };
}

const DASH = 0x2d;

/** A `-` at `column` followed by a space or the end of the line. */
export function isListEntry(text: string, column: number): boolean {
  return text.charCodeAt(column) === DASH && (column + 1 === text.length || text.charCodeAt(column + 1) === SPACE);
}
