import { isMap, isSeq, parseAllDocuments, type Node } from 'yaml';
import { componentItemLines } from './block-yaml.js';
import { ErrorCode } from '../../plugin-api/index.js';
import type { Diagnostic } from '../../plugin-api/diagnostics.js';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from './input-limits.js';

/** Characters `start` to `end` of a text. */
interface Span {
  start: number;
  end: number;
}

/**
 * The application text with some components blanked out: their lines turned to spaces, every
 * other character left where it was, so that what is said about the remaining components keeps
 * its line and column. Undefined when the components cannot be cut out that way (a flow-style
 * list, two items on one line, more than one document) or when none would remain.
 */
export function withoutComponents(text: string, indices: readonly number[], limits: InputLimits = DEFAULT_INPUT_LIMITS): string | undefined {
  return componentCutter(text, limits)(indices);
}

/**
 * `withoutComponents` of one text, for the components given each time: where the items lie is
 * worked out on the first cut and kept for the next (a check cuts the same text again on each pass).
 */
export function componentCutter(text: string, limits: InputLimits = DEFAULT_INPUT_LIMITS): (indices: readonly number[]) => string | undefined {
  let items: ReadonlyArray<Span | undefined> | undefined;
  return (indices) => {
    items ??= blockItemSpans(text, limits) ?? libraryItemSpans(text) ?? [];
    const spans = indices.map((index) => items![index]);
    if (indices.length >= items.length || !spans.every((span): span is Span => span !== undefined)) return undefined;
    // One copy of the text however many components go: a copy for each would cost their number times its length.
    const pieces: string[] = [];
    let from = 0;
    for (const span of spans.sort((a, b) => a.start - b.start)) {
      pieces.push(text.slice(from, span.start), text.slice(span.start, span.end).replace(/[^\n]/g, ' '));
      from = span.end;
    }
    pieces.push(text.slice(from));
    return pieces.join('');
  };
}

/**
 * Each item's lines, from the one its `-` is on to the next item's or what follows the list (with
 * the blank lines and comments before it), where the block reader reads the text: a reading without
 * values, where the library would compose the whole file again. Undefined where the block reader
 * does not read the text.
 */
function blockItemSpans(text: string, limits: InputLimits): Span[] | undefined {
  const items = componentItemLines(text, limits);
  if (items === undefined) return undefined;
  const { starts, end } = items;
  const offsets = lineOffsets(text);
  const offsetOf = (line: number) => (line < offsets.length ? offsets[line] : text.length);
  return starts.map((start, index) => ({ start: offsetOf(start), end: offsetOf(starts[index + 1] ?? end) }));
}

/** Where each line of a text starts. */
function lineOffsets(text: string): number[] {
  const offsets = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) offsets.push(at + 1);
  return offsets;
}

/**
 * Each item's lines as the YAML library places the item, where the block reader does not read the
 * text; undefined for an item that shares a line, and for a text whose components are no block list.
 */
function libraryItemSpans(text: string): Array<Span | undefined> | undefined {
  // The file was read and checked whole already: only the items' ranges are looked at (the library's
  // check of repeated keys compares each key with every one before it).
  const documents = parseAllDocuments(text, { uniqueKeys: false });
  if (!Array.isArray(documents) || documents.length !== 1 || documents[0].errors.length > 0) return undefined;
  const root = documents[0].contents;
  const spec = isMap(root) ? root.get('spec', true) : undefined;
  const list = isMap(spec) ? spec.get('components', true) : undefined;
  if (!isSeq(list) || list.flow) return undefined;
  return list.items.map((item) => {
    const range = (item as Node | undefined)?.range;
    return range ? itemLines(text, range[0], range[1]) : undefined;
  });
}

/** The whole lines a block-list item spans, from its `-` to its last value; undefined when it shares a line. */
function itemLines(text: string, start: number, valueEnd: number): Span | undefined {
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

/**
 * The index of the authored component a diagnostic is placed in, if any. An input limit placed at
 * an item itself is the list's (the first item past the limit of components): cutting that item out
 * leaves the list as far past it, so it is no component's.
 */
export function componentIndexOf(diagnostic: Diagnostic): number | undefined {
  const match = diagnostic.path ? COMPONENT_PATH.exec(diagnostic.path) : null;
  if (!match || (diagnostic.code === ErrorCode.inputLimit && match[0].length === diagnostic.path!.length)) return undefined;
  return Number(match[1]);
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
