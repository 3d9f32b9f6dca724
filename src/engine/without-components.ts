import { isMap, isSeq, parseAllDocuments, type Node } from 'yaml';
import type { Diagnostic } from './diagnostics.js';

/**
 * The application text with some components blanked out: their lines turned to spaces, every
 * other character left where it was, so that what is said about the remaining components keeps
 * its line and column. Undefined when the components cannot be cut out that way (a flow-style
 * list, two items on one line, more than one document) or when none would remain.
 */
export function withoutComponents(text: string, indices: readonly number[]): string | undefined {
  // The file was read and checked whole already: only the items' ranges are looked at (the library's
  // check of repeated keys compares each key with every one before it).
  const documents = parseAllDocuments(text, { uniqueKeys: false });
  if (!Array.isArray(documents) || documents.length !== 1 || documents[0].errors.length > 0) return undefined;
  const root = documents[0].contents;
  const spec = isMap(root) ? root.get('spec', true) : undefined;
  const list = isMap(spec) ? spec.get('components', true) : undefined;
  if (!isSeq(list) || list.flow) return undefined;
  if (indices.length >= list.items.length) return undefined;
  let out = text;
  for (const index of indices) {
    const item = list.items[index] as Node | undefined;
    const lines = item?.range ? itemLines(text, item.range[0], item.range[1]) : undefined;
    if (!lines) return undefined;
    out = out.slice(0, lines.start) + out.slice(lines.start, lines.end).replace(/[^\n]/g, ' ') + out.slice(lines.end);
  }
  return out;
}

/** The whole lines a block-list item spans, from its `-` to its last value; undefined when it shares a line. */
function itemLines(text: string, start: number, valueEnd: number): { start: number; end: number } | undefined {
  // A block item's range runs on to the start of what follows it: its value ends before the line break.
  let end = valueEnd;
  while (end > start && /\s/.test(text[end - 1])) end--;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (!/^\s*-\s+$/.test(text.slice(lineStart, start))) return undefined;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline === -1 ? text.length : newline;
  if (text.slice(end, lineEnd).trim() !== '' && !text.slice(end, lineEnd).trim().startsWith('#')) return undefined;
  return { start: lineStart, end: lineEnd };
}

const COMPONENT_PATH = /^spec\.components\[(\d+)\]/;

/** The index of the authored component a diagnostic is placed in, if any. */
export function componentIndexOf(diagnostic: Diagnostic): number | undefined {
  const match = diagnostic.path ? COMPONENT_PATH.exec(diagnostic.path) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * A diagnostic of the text without the `removed` components, placed back in the authored list:
 * its component index renumbered. Undefined when it is not placed in a remaining component.
 */
export function restoreIndex(diagnostic: Diagnostic, removed: readonly number[]): Diagnostic | undefined {
  const index = componentIndexOf(diagnostic);
  if (index === undefined) return undefined;
  let original = -1;
  for (let seen = -1; seen < index; ) if (!removed.includes(++original)) seen++;
  const renumber = (text: string) => text.replace(new RegExp(`spec\\.components\\[${index}\\]`, 'g'), `spec.components[${original}]`);
  return { ...diagnostic, path: renumber(diagnostic.path!), message: renumber(diagnostic.message) };
}
